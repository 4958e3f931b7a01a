import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import styles from './visually-hidden.module.css';

/** Class that hides an element visually but keeps it in the accessibility tree. */
export const visuallyHiddenClassName: string = styles.root ?? '';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLElement> {
  /** Element to render; defaults to "span". */
  as?: 'span' | 'div' | 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'label' | 'a';
  /** Show the content again while it has keyboard focus (skip links). */
  focusable?: boolean;
  children: ReactNode;
}

/** Content for screen readers only (e.g. an extra-context label or a heading that is implied visually). */
export function VisuallyHidden({ as: Tag = 'span', focusable = false, className, ...rest }: VisuallyHiddenProps) {
  return <Tag className={cx(styles.root, focusable && styles.focusable, className)} {...rest} />;
}
