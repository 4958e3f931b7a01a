'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import styles from './forms.module.css';

/**
 * The thank-you screen a form turns into once stored (spec §4 'message sent'). It takes the form's
 * place, usually shorter than it: it comes into view and takes the focus, so that it is seen and
 * read out, and the focus does not fall back to the page's start.
 */
export function SentPanel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focusing scrolls it into view, clear of the sticky header (its scroll margin).
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.sent} role="status" data-testid="form-sent">
      <svg className={styles.sentIcon} width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="currentColor" opacity="0.12" />
        <path d="M12 20.5l5.5 5.5L28.5 15" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h3 ref={heading} className={styles.sentTitle} tabIndex={-1}>
        {title}
      </h3>
      <div className={styles.sentText}>{children}</div>
      {action}
    </div>
  );
}
