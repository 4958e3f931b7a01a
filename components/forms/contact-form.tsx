'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { contactAudiences } from '@/lib/forms/request-options';
import type { ContactMessageForm as Values } from '@/lib/forms/request-schemas';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { ActionForm } from './action-form';
import { ChoiceGroup } from './choice-group';
import type { RequestFieldsProps } from './field-kit';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { SenderFields } from './sender-fields';
import { SentPanel } from './sent-panel';
import { TermsField } from './terms-field';
import { useFormAction } from './use-form-action';

export type ContactFormProps = { defaultCountry: string; termsHref: string; privacyHref: string; action: FormAction<{ ok: true } & Submitted> };

export const contactDefaults = (defaultCountry: string): DefaultValues<Values> => ({ audience: '' as Values['audience'], name: '', email: '', phone: { country: defaultCountry, number: '' }, message: '', acceptTerms: false });

/** The contact form's fields: who is writing (spec §3 audience), full name, e-mail, optional phone, message. */
export function ContactFields({ kit, termsHref, privacyHref, state, formError }: RequestFieldsProps<Values>) {
  const t = useTranslations('ContactForm');
  const forms = useTranslations('Forms');
  const { register, errorOf } = kit;
  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      <ChoiceGroup
        legend={t('audienceLegend')}
        registration={register('audience')}
        choices={contactAudiences.map((audience) => ({ value: audience, label: t(`audiences.${audience}`) }))}
        error={errorOf('audience')}
      />
      <SenderFields kit={kit} />
      <Textarea {...register('message')} label={forms('labels.message')} hint={t('messageHint')} rows={6} limit={MAX_MESSAGE_LENGTH} required error={errorOf('message')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </>
  );
}

/** The need-help page's contact form (its fields above), drawn by the server and sent to its Server Action; once sent, another can be written. */
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
