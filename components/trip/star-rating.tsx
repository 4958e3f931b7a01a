import styles from './star-rating.module.css';

/** Five stars filled to a rating out of 5; the label says it in words. */
export function StarRating({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      <span aria-hidden="true" className={styles.starsEmpty}>
        ★★★★★
      </span>
      <span aria-hidden="true" className={styles.starsFull} style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
