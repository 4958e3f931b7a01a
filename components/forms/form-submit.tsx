import { useTranslations } from 'next-intl';
import { Button, type ButtonVariant } from '@/components/ui/button';
import type { SubmitState } from './use-action-form';
import { FormAlert } from './form-alert';
import { Honeypot } from './honeypot';
import styles from './forms.module.css';

type Props = { state: SubmitState; formError: string | null; label: string; variant?: ButtonVariant };

/** A form's last lines: the bots' honeypot, the form-level message, then the submit button, disabled and saying 'Sending…' while it sends. */
export function FormSubmit({ state, formError, label, variant = 'accent' }: Props) {
  const forms = useTranslations('Forms');
  return (
    <>
      <Honeypot />
      <FormAlert message={formError} />
      <div className={styles.actions}>
        <Button type="submit" variant={variant} disabled={state === 'sending'}>
          {state === 'sending' ? forms('sending') : label}
        </Button>
      </div>
    </>
  );
}
