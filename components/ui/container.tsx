import type { HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** Element to render; defaults to "div". */
  as?: 'div' | 'section' | 'main' | 'header' | 'footer' | 'nav' | 'article';
}

/** Centred page column: max-width var(--content-width), inline padding var(--space-4). */
export function Container({ as: Tag = 'div', className, ...rest }: ContainerProps) {
  return <Tag className={cx(styles.container, className)} {...rest} />;
}
