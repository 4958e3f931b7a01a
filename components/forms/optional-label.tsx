import { useTranslations } from 'next-intl';
import styles from './forms.module.css';

/** A field label followed by a muted "(optional)". */
export function OptionalLabel({ label }: { label: string }) {
  const forms = useTranslations('Forms');
  return (
    <>
      {label}
      <span className={styles.optional}> ({forms('labels.optional')})</span>
    </>
  );
}
