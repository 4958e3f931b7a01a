'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormSubmit } from '@/components/forms/form-submit';
import { SentPanel } from '@/components/forms/sent-panel';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ActionResult } from '@/lib/forms/errors';
import type { SignInRequestForm as Values } from '@/lib/forms/account-schemas';

type Props = {
  /** Where the link leads once signed in (a path of this site). */
  next: string;
  intro: string;
  minutes: number;
  action: (input: unknown) => Promise<ActionResult<{ email: string }>>;
};

/** issue 10: asks for a one-time sign-in link by e-mail (no password), then says to check the inbox. */
export function SignInForm({ next, intro, minutes, action }: Props) {
  const t = useTranslations('Account.signIn');
  const forms = useTranslations('Forms');
  const { form, state, formError, result, errorOf, onSubmit, restart, prepare } = useActionForm<Values, { email: string }>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.signInRequestSchema),
    action,
    defaultValues: { email: '', next },
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
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="sign-in-form">
      <p className={styles.intro}>{intro}</p>
      <Input {...form.register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={errorOf('email')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </form>
  );
}
