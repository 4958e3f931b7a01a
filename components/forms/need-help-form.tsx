'use client';

import { useTranslations } from 'next-intl';
import type { HelpMessageForm as Values } from '@/lib/forms/schemas';
import { clientFieldKit } from './client-field-kit';
import styles from './forms.module.css';
import { NeedHelpFields, needHelpDefaults, type NeedHelpFormProps } from './need-help-form-fields';
import { SentPanel } from './sent-panel';
import type { TypedForm } from './typed-form';
import { useActionForm } from './use-action-form';
import type { Submitted } from '@/lib/forms/errors';

/** spec §3 need-help form (need-help-form-fields.tsx), validated and sent to the support team; `typed`: what its server HTML held. */
export function NeedHelpForm({ termsHref, privacyHref, action, typed, ...defaults }: NeedHelpFormProps & { typed?: TypedForm }) {
  const t = useTranslations('NeedHelp');
  const { form, state, formError, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.helpMessageSchema),
    action,
    defaultValues: needHelpDefaults(defaults),
    typed,
    draft: { name: 'needHelp', skip: ['pageUrl'] },
  });

  if (state === 'sent') {
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: form.getValues('email') })}</p>
      </SentPanel>
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="need-help-form">
      <NeedHelpFields kit={clientFieldKit(form, errorOf, typed)} termsHref={termsHref} privacyHref={privacyHref} state={state} formError={formError} />
    </form>
  );
}
