'use client';

import { useTranslations } from 'next-intl';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '@/lib/security/submission-guard';
import styles from './forms.module.css';

/** The honeypot's data key holding when the form appeared. */
export const SHOWN_AT = 'shownAt';

/** Notes when the form appeared, on the honeypot itself, for the fill time. */
const noteShownAt = (input: HTMLInputElement | null) => {
  if (input && !input.dataset[SHOWN_AT]) input.dataset[SHOWN_AT] = String(Date.now());
};

/**
 * A text field people never see nor reach (off screen, out of the tab order, hidden from assistive
 * technology); bots that fill every input fill it, and the server refuses their submission.
 */
export function Honeypot() {
  const t = useTranslations('FormGuard');
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        {t('honeypotLabel')}
        <input ref={noteShownAt} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** What a submitted form adds for the server's bot checks: the honeypot's value and the time since the form appeared. */
export function botGuardFields(form: EventTarget | null | undefined): Record<string, string | number> {
  const input = form instanceof HTMLFormElement ? form.elements.namedItem(HONEYPOT_FIELD) : null;
  if (!(input instanceof HTMLInputElement)) return { [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: 0 };
  const shownAt = Number(input.dataset[SHOWN_AT]);
  return { [HONEYPOT_FIELD]: input.value, [FILL_TIME_FIELD]: Number.isFinite(shownAt) ? Date.now() - shownAt : 0 };
}
