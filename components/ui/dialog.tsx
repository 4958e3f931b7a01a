'use client';

import { useEffect, useEffectEvent, useId, useRef, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './dialog.module.css';

export type DialogVariant = 'center' | 'drawer-right' | 'drawer-bottom';

export interface DialogProps {
  /** Controlled visibility. */
  open: boolean;
  /** Called on Escape, backdrop click, the close button, or any other native close. Set `open` to false in it. */
  onClose: () => void;
  /** Heading of the dialog (its accessible name). */
  title: ReactNode;
  /** Accessible name of the × close button (translated by the caller). */
  closeLabel: string;
  children?: ReactNode;
  /** Optional action row at the bottom (e.g. "Apply filters" / "Reset"). */
  footer?: ReactNode;
  /** "center" (default) modal, or a drawer sliding in from the right (full-width under 768px) or the bottom. */
  variant?: DialogVariant;
  className?: string;
}

const variantClass: Record<DialogVariant, string | undefined> = {
  center: undefined,
  'drawer-right': styles.drawerRight,
  'drawer-bottom': styles.drawerBottom,
};

/** Modal dialog / drawer on the native <dialog> element (focus trap, inert page and top layer come for free). */
export function Dialog({ open, onClose, title, closeLabel, children, footer, variant = 'center', className }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pointerDownOnBackdrop = useRef(false);
  const titleId = useId();
  const requestClose = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;

    const previouslyFocused = document.activeElement;
    // Escape: keep the dialog open and let the owner decide (controlled component).
    const handleCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // Closed natively anyway (e.g. a <form method="dialog">, or a repeated Escape): sync the owner.
    const handleNativeClose = () => requestClose();
    dialog.addEventListener('cancel', handleCancel);
    dialog.addEventListener('close', handleNativeClose);
    if (!dialog.open) dialog.showModal();

    // Lock page scroll; pad for the vanished scrollbar so the layout does not jump.
    const { body, documentElement } = document;
    const previousOverflow = body.style.overflow;
    const previousPaddingRight = body.style.paddingRight;
    const scrollbarWidth = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;

    return () => {
      dialog.removeEventListener('cancel', handleCancel);
      dialog.removeEventListener('close', handleNativeClose);
      // A field left focused inside would keep matching `:focus-within` while the dialog closes, and an
      // opener that CSS hides meanwhile (the phones' booking bar) could not take the focus back.
      const inside = document.activeElement;
      if (inside instanceof HTMLElement && dialog.contains(inside)) inside.blur();
      if (dialog.open) dialog.close();
      body.style.overflow = previousOverflow;
      body.style.paddingRight = previousPaddingRight;
      if (previouslyFocused instanceof HTMLElement && previouslyFocused.isConnected) {
        previouslyFocused.focus();
      }
    };
  }, [open]);

  // Backdrop click = press and release both on the <dialog> box itself (the panel covers all of its content),
  // so a text selection dragged out of an input does not close it.
  const handlePointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pointerDownOnBackdrop.current = event.target === event.currentTarget;
  };
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pointerDownOnBackdrop.current) onClose();
    pointerDownOnBackdrop.current = false;
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className={cx(styles.dialog, variantClass[variant], className)}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}
