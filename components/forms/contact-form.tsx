'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ActionForm } from './action-form';
import { ContactFields, contactDefaults, type ContactFormProps } from './contact-form-fields';
import { SentPanel } from './sent-panel';
import { useFormAction } from './use-form-action';

/** The need-help page's contact form (contact-form-fields.tsx), drawn by the server and sent to its Server Action; once sent, another can be written. */
export function ContactForm(props: ContactFormProps) {
  const [round, setRound] = useState(0);
  return <ContactRound key={round} {...props} another={() => setRound((current) => current + 1)} />;
}

function ContactRound({ defaultCountry, termsHref, privacyHref, action, another }: ContactFormProps & { another: () => void }) {
  const t = useTranslations('ContactForm');
  const form = useFormAction(action, contactDefaults(defaultCountry), {
    withCampaign: true,
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.contactMessageSchema),
  });
  const { state } = form;
  if (state.status === 'sent' && state.result) {
    return (
      <SentPanel
        title={t('sentTitle')}
        action={
          <Button variant="secondary" onClick={another}>
            {t('another')}
          </Button>
        }
      >
        <p>{t('sentText', { email: state.values.email ?? '' })}</p>
        <p>{t('reference', { reference: state.result.reference })}</p>
      </SentPanel>
    );
  }
  return (
    <ActionForm form={form} testId="contact-form">
      <ContactFields kit={form.kit} termsHref={termsHref} privacyHref={privacyHref} state={form.pending ? 'sending' : 'idle'} formError={state.formError} />
    </ActionForm>
  );
}
