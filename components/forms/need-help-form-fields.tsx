import { useTranslations } from 'next-intl';
import type { DefaultValues } from 'react-hook-form';
import { Textarea } from '@/components/ui/input';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import type { HelpMessageForm as Values } from '@/lib/forms/schemas';
import type { RequestFieldsProps } from './field-kit';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { SenderFields } from './sender-fields';
import { TermsField } from './terms-field';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';

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
