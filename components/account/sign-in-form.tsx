'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { SentPanel } from '@/components/forms/sent-panel';
import { useFormAction } from '@/components/forms/use-form-action';
import { Button } from '@/components/ui/button';
import { SignInFields, type SignInFormProps } from './sign-in-fields';

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
