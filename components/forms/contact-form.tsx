'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import type { ActionResult } from '@/lib/forms/errors';
import { contactAudiences } from '@/lib/forms/request-options';
import type { ContactMessageForm as Values } from '@/lib/forms/request-schemas';
import { ChoiceGroup } from './choice-group';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { SenderFields } from './sender-fields';
import { SentPanel } from './sent-panel';
import { TermsField } from './terms-field';
import { useActionForm } from './use-action-form';

type Props = { defaultCountry: string; termsHref: string; privacyHref: string; action: (input: unknown) => Promise<ActionResult> };

/** The need-help page's contact form: who is writing (spec §3 audience), full name, e-mail, optional phone, message. */
export function ContactForm({ defaultCountry, termsHref, privacyHref, action }: Props) {
  const t = useTranslations('ContactForm');
  const forms = useTranslations('Forms');
  const { form, state, formError, result, errorOf, onSubmit, restart, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.contactMessageSchema),
    action,
    withCampaign: true,
    defaultValues: { audience: '' as Values['audience'], name: '', email: '', phone: { country: defaultCountry, number: '' }, message: '' },
  });
  const { register } = form;

  if (state === 'sent' && result) {
    return (
      <SentPanel
        title={t('sentTitle')}
        action={
          <Button variant="secondary" onClick={() => restart()}>
            {t('another')}
          </Button>
        }
      >
        <p>{t('sentText', { email: form.getValues('email') })}</p>
        <p>{t('reference', { id: result.id })}</p>
      </SentPanel>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="contact-form">
      <p className={styles.intro}>{t('intro')}</p>
      <ChoiceGroup
        legend={t('audienceLegend')}
        registration={register('audience')}
        choices={contactAudiences.map((audience) => ({ value: audience, label: t(`audiences.${audience}`) }))}
        error={errorOf('audience')}
      />
      <SenderFields register={register} errorOf={errorOf} />
      <Textarea {...register('message')} label={forms('labels.message')} hint={t('messageHint')} rows={6} required error={errorOf('message')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </form>
  );
}
