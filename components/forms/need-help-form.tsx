'use client';

import { useTranslations } from 'next-intl';
import { Textarea } from '@/components/ui/input';
import type { HelpMessageForm as Values } from '@/lib/forms/schemas';
import type { ActionResult } from '@/lib/forms/errors';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { SenderFields } from './sender-fields';
import { SentPanel } from './sent-panel';
import { TermsField } from './terms-field';
import { useActionForm } from './use-action-form';

type Props = { pageUrl: string; defaultCountry: string; termsHref: string; privacyHref: string; action: (input: unknown) => Promise<ActionResult> };

/** spec §3 need-help form: phone, name (full name), email, message, to the support team. */
export function NeedHelpForm({ pageUrl, defaultCountry, termsHref, privacyHref, action }: Props) {
  const t = useTranslations('NeedHelp');
  const forms = useTranslations('Forms');
  const { form, state, formError, errorOf, onSubmit, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.helpMessageSchema),
    action,
    defaultValues: { name: '', email: '', phone: { country: defaultCountry, number: '' }, message: '', pageUrl },
  });
  const { register } = form;

  if (state === 'sent') {
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: form.getValues('email') })}</p>
      </SentPanel>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="need-help-form">
      <p className={styles.intro}>{t('intro')}</p>
      <SenderFields register={register} errorOf={errorOf} />
      <Textarea {...register('message')} label={forms('labels.message')} rows={4} required error={errorOf('message')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </form>
  );
}
