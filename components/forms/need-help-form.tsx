'use client';

import { useTranslations } from 'next-intl';
import type { DefaultValues } from 'react-hook-form';
import { Textarea } from '@/components/ui/input';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import type { HelpMessageForm as Values } from '@/lib/forms/schemas';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { ActionForm } from './action-form';
import type { RequestFieldsProps } from './field-kit';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { SenderFields } from './sender-fields';
import { SentPanel } from './sent-panel';
import { TermsField } from './terms-field';
import { useFormAction } from './use-form-action';

export type NeedHelpFormProps = { pageUrl: string; defaultCountry: string; termsHref: string; privacyHref: string; action: FormAction<{ ok: true } & Submitted> };

export const needHelpDefaults = ({ pageUrl, defaultCountry }: Pick<NeedHelpFormProps, 'pageUrl' | 'defaultCountry'>): DefaultValues<Values> => ({ name: '', email: '', phone: { country: defaultCountry, number: '' }, message: '', pageUrl, acceptTerms: false });

/** spec §3 need-help form's fields: phone, name (full name), email, message, to the support team. */
export function NeedHelpFields({ kit, termsHref, privacyHref, state, formError }: RequestFieldsProps<Values>) {
  const t = useTranslations('NeedHelp');
  const forms = useTranslations('Forms');
  const { register, errorOf } = kit;
  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      <SenderFields kit={kit} />
      <Textarea {...register('message')} label={forms('labels.message')} rows={4} limit={MAX_MESSAGE_LENGTH} required error={errorOf('message')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </>
  );
}

/** spec §3 need-help form (its fields above), drawn by the server and sent to its Server Action; a draft of it is kept for the page. */
export function NeedHelpForm({ termsHref, privacyHref, action, ...defaults }: NeedHelpFormProps) {
  const t = useTranslations('NeedHelp');
  const form = useFormAction(action, needHelpDefaults(defaults), {
    draft: { name: 'needHelp', skip: ['pageUrl'] },
    permalink: defaults.pageUrl,
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
