'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { SentPanel } from '@/components/forms/sent-panel';
import { useFormAction } from '@/components/forms/use-form-action';
import { ConciergeFields, conciergeDefaults, type ConciergeFormProps } from './concierge-form-fields';

/** The concierge request (concierge-form-fields.tsx), drawn by the server and sent to its Server Action. */
export function ConciergeForm({ activities, months, defaultCountry, termsHref, privacyHref, action }: ConciergeFormProps) {
  const t = useTranslations('Concierge');
  const form = useFormAction(action, conciergeDefaults(defaultCountry), {
    withCampaign: true,
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.conciergeRequestSchema()),
  });
  const { state } = form;
  if (state.status === 'sent' && state.result) {
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: state.values.email ?? '' })}</p>
        <p>{t('reference', { reference: state.result.reference })}</p>
      </SentPanel>
    );
  }
  return (
    <ActionForm form={form} testId="concierge-form">
      <ConciergeFields kit={form.kit} activities={activities} months={months} termsHref={termsHref} privacyHref={privacyHref} state={form.pending ? 'sending' : 'idle'} formError={state.formError} />
    </ActionForm>
  );
}
