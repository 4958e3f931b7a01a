import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  /** primary: brand green; accent: orange, for booking CTAs; secondary: outlined; ghost: text only. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Extra class names appended to the generated ones. */
  className?: string;
}

/**
 * Class names that make any element (an <a>, a next/link <Link>) look like a Button.
 * Server-safe: no hooks, no client code.
 */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: ButtonStyleOptions = {}): string {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className);
}

export type ButtonProps = ComponentPropsWithRef<'button'> & Omit<ButtonStyleOptions, 'className'>;

/** Native <button> with the design-system look. `type` defaults to "button". Works on the server. */
export function Button({ variant, size, fullWidth, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, fullWidth, className })} {...rest} />;
}
