import type { HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'accent';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour; defaults to "neutral". Never the only carrier of meaning: the text must say it too. */
  tone?: BadgeTone;
}

/** Small pill label (difficulty, "Certified guide", "2 spots left"). Renders a <span>. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], className)} {...rest} />;
}
