'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from './action-form';
import { NeedHelpFields, needHelpDefaults, type NeedHelpFormProps } from './need-help-form-fields';
import { SentPanel } from './sent-panel';
import { useFormAction } from './use-form-action';

/** spec §3 need-help form (need-help-form-fields.tsx), drawn by the server and sent to its Server Action; a draft of it is kept for the page. */
export function NeedHelpForm({ termsHref, privacyHref, action, ...defaults }: NeedHelpFormProps) {
  const t = useTranslations('NeedHelp');
  const form = useFormAction(action, needHelpDefaults(defaults), {
    draft: { name: 'needHelp', skip: ['pageUrl'] },
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.helpMessageSchema),
  });
  if (form.state.status === 'sent') {
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: form.state.values.email ?? '' })}</p>
      </SentPanel>
    );
  }
  return (
    <ActionForm form={form} testId="need-help-form">
      <input type="hidden" name="pageUrl" defaultValue={defaults.pageUrl} />
      <NeedHelpFields kit={form.kit} termsHref={termsHref} privacyHref={privacyHref} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
