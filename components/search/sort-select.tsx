'use client';

import type { Option } from './search-filters';
import styles from './search.module.css';

/** The results' order: part of the filters form (by its id), submitted on change. */
export function SortSelect({ formId, value, label, options }: { formId: string; value: string; label: string; options: Option[] }) {
  return (
    <label className={styles.sort}>
      <span>{label}</span>
      <select name="sort" form={formId} defaultValue={value} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
