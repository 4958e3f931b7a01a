import type { HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './card.module.css';

export type CardElement = 'div' | 'article' | 'section' | 'aside' | 'li';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Element to render; defaults to "div" (use "article" for a trip card, "li" inside a list). */
  as?: CardElement;
  /** Pad the card itself (when not using CardHeader/CardBody). Default false. */
  padded?: boolean;
  /** "raised" (default, small shadow), "flat" (border only) or "muted" (grey surface, border only). */
  appearance?: 'raised' | 'flat' | 'muted';
  /** Hover lift and a focus ring when a link inside it has keyboard focus. */
  interactive?: boolean;
}

/** Rounded surface with border and shadow. Compose with CardMedia, CardHeader, CardBody, CardFooter. */
export function Card({ as: Tag = 'div', padded = false, appearance = 'raised', interactive = false, className, ...rest }: CardProps) {
  return (
    <Tag
      className={cx(
        styles.card,
        appearance === 'flat' && styles.flat,
        appearance === 'muted' && cx(styles.flat, styles.muted),
        interactive && styles.interactive,
        padded && styles.padded,
        className,
      )}
      {...rest}
    />
  );
}

/** Top section (title, eyebrow, meta) with card padding. */
export function CardHeader({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.header, className)} {...rest} />;
}

/** Main content with card padding; grows to fill the card so footers align in a grid. */
export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.body, className)} {...rest} />;
}

/** Bottom row (price, actions) separated by a border. */
export function CardFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.footer, className)} {...rest} />;
}

export type CardMediaRatio = '16/9' | '4/3' | '3/2' | '1/1' | '3/4';

const ratioClass: Record<CardMediaRatio, string | undefined> = {
  '16/9': styles.ratio16x9,
  '4/3': styles.ratio4x3,
  '3/2': styles.ratio3x2,
  '1/1': styles.ratio1x1,
  '3/4': styles.ratio3x4,
};

export interface CardMediaProps extends HTMLAttributes<HTMLDivElement> {
  /** Fixed aspect ratio of the frame; defaults to "3/2". The image is cropped to fill it (object-fit: cover). */
  ratio?: CardMediaRatio;
}

/**
 * Fixed-ratio frame for an image: put an <img> or a next/image with `fill` (and `sizes`) inside.
 * The frame is position: relative, so `fill` works.
 */
export function CardMedia({ ratio = '3/2', className, ...rest }: CardMediaProps) {
  return <div className={cx(styles.media, ratioClass[ratio], className)} {...rest} />;
}
