import styles from './account.module.css';

/** A request's facts (sent on, guide, dates, reference…) as a definition list of label and value pairs. */
export function Facts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
