'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import type { FieldKit } from '@/components/forms/field-kit';
import { FormSubmit } from '@/components/forms/form-submit';
import styles from '@/components/forms/forms.module.css';
import { SentPanel } from '@/components/forms/sent-panel';
import type { SubmitState } from '@/components/forms/use-action-form';
import { useFormAction } from '@/components/forms/use-form-action';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FormAction } from '@/lib/forms/errors';

export type SignInFormProps = {
  /** Where the link leads once signed in (a path of this site). */
  next: string;
  intro: string;
  minutes: number;
  action: FormAction<{ ok: true; email: string }>;
};

/** The sign-in form's fields: the e-mail address. */
export function SignInFields({ kit, intro, state, formError }: { kit: FieldKit<'email'>; intro: string; state: SubmitState; formError: string | null }) {
  const t = useTranslations('Account.signIn');
  const forms = useTranslations('Forms');
  return (
    <>
      <p className={styles.intro}>{intro}</p>
      <Input {...kit.register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={kit.errorOf('email')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </>
  );
}

/** Asks for a one-time sign-in link by e-mail (no password), then says to check the inbox; drawn by the server, sent to its Server Action. */
export function SignInForm(props: SignInFormProps) {
  const [round, setRound] = useState(0);
  return <SignInRound key={round} {...props} another={() => setRound((current) => current + 1)} />;
}

function SignInRound({ next, intro, minutes, action, another }: SignInFormProps & { another: () => void }) {
  const t = useTranslations('Account.signIn');
  const form = useFormAction(action, { email: '' }, { schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.signInRequestSchema) });
  const { state } = form;
  if (state.status === 'sent' && state.result) {
    return (
      <SentPanel
        title={t('sentTitle')}
        action={
          <Button type="button" variant="secondary" onClick={another}>
            {t('another')}
          </Button>
        }
      >
        <p>{t('sentText', { email: state.result.email, minutes })}</p>
        <p>{t('sentHint')}</p>
      </SentPanel>
    );
  }
  return (
    <ActionForm form={form} testId="sign-in-form">
      <input type="hidden" name="next" value={next} readOnly />
      <SignInFields kit={form.kit} intro={intro} state={form.pending ? 'sending' : 'idle'} formError={state.formError} />
    </ActionForm>
  );
}
