'use client';

import { submitsForm } from './committed-change';
import type { Option } from './search-filters';
import styles from './search.module.css';


/** The results' order: part of the filters form (by its id), submitted once a value is chosen (./committed-change.ts). */
export function SortSelect({ formId, value, label, options }: { formId: string; value: string; label: string; options: Option[] }) {
  return (
    <label className={styles.sort}>
      <span>{label}</span>
      <select name="sort" form={formId} defaultValue={value} {...submitsForm}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
