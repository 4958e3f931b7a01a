'use client';

import { useTranslations } from 'next-intl';
import { useFormStatus } from 'react-dom';
import { Button, type ButtonVariant } from '@/components/ui/button';
import type { SubmitState } from './use-action-form';
import { FormAlert } from './form-alert';
import { Honeypot } from './honeypot';
import styles from './forms.module.css';

type Props = { state: SubmitState; formError: string | null; label: string; variant?: ButtonVariant };

/**
 * A form's last lines: the bots' honeypot, the form-level message, then the submit button,
 * disabled and saying 'Sending…' while it sends (a form action's pending state, or `state`).
 */
export function FormSubmit({ state, formError, label, variant = 'accent' }: Props) {
  const forms = useTranslations('Forms');
  const sending = useFormStatus().pending || state === 'sending';
  return (
    <>
      <Honeypot />
      <FormAlert message={formError} />
      <div className={styles.actions}>
        <Button type="submit" variant={variant} disabled={sending}>
          {sending ? forms('sending') : label}
        </Button>
      </div>
    </>
  );
}
