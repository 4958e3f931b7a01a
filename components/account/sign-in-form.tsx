'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import { SentPanel } from '@/components/forms/sent-panel';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { SignInRequestForm as Values } from '@/lib/forms/account-schemas';
import { SignInFields, type SignInFormProps } from './sign-in-fields';

/**
 * Asks for a one-time sign-in link by e-mail (no password), then says to check the inbox.
 * Loaded on the first focus, input or submit of the form the server drew (sign-in-panel.tsx); `typed`: what that form held.
 */
export function SignInForm({ next, intro, minutes, action, typed }: SignInFormProps & { typed?: TypedForm }) {
  const t = useTranslations('Account.signIn');
  const { form, state, formError, result, errorOf, onSubmit, restart, prepare, formRef } = useActionForm<Values, { email: string }>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.signInRequestSchema),
    action,
    defaultValues: { email: '', next },
    typed,
  });

  if (state === 'sent' && result) {
    return (
      <SentPanel
        title={t('sentTitle')}
        action={
          <Button type="button" variant="secondary" onClick={() => restart()}>
            {t('another')}
          </Button>
        }
      >
        <p>{t('sentText', { email: result.email, minutes })}</p>
        <p>{t('sentHint')}</p>
      </SentPanel>
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="sign-in-form">
      <SignInFields kit={clientFieldKit(form, errorOf, typed)} intro={intro} state={state} formError={formError} />
    </form>
  );
}
