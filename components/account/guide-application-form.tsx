'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import formStyles from '@/components/forms/forms.module.css';
import { FormSubmit } from '@/components/forms/form-submit';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { useFormAction } from '@/components/forms/use-form-action';
import { Input, Textarea } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import type { FormAction } from '@/lib/forms/errors';
import { MAX_BIO_LENGTH } from '@/lib/forms/guide-field-limits';
import { documentMediaTypes } from '@/lib/forms/guide-document';
import { GuideLanguagesField, type LanguageChoice } from './guide-languages-field';
import styles from './guide-forms.module.css';

export type GuideApplicationFormProps = {
  action: FormAction<{ ok: true; email: string }>;
  companyTypes: readonly SelectOption[];
  countries: readonly SelectOption[];
  languages: readonly LanguageChoice[];
  defaultCountry: string;
  termsHref: string;
  privacyHref: string;
};

/** The "join us" application, drawn by the server and sent to its Server Action with the certification's document. */
export function GuideApplicationForm({ action, companyTypes, countries, languages, defaultCountry, termsHref, privacyHref }: GuideApplicationFormProps) {
  const t = useTranslations('GuideApplication');
  const forms = useTranslations('Forms');
  const defaults = {
    name: '',
    email: '',
    companyType: '',
    baseTown: '',
    baseCountry: defaultCountry,
    certificationName: '',
    certificationNumber: '',
    certificationIssuer: '',
    insurer: '',
    policyNumber: '',
    insuranceExpiresOn: '',
    webAddress: '',
    bio: '',
    acceptTerms: false,
  };
  const form = useFormAction(action, defaults, {
    draft: { name: 'guideApplication', skip: ['document'] },
    schema: () => import('@/lib/forms/guide-application-schemas').then((schemas) => schemas.guideApplicationSchema),
  });
  const { kit, state } = form;
  if (state.status === 'sent' && state.result) {
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: state.result.email })}</p>
      </SentPanel>
    );
  }
  return (
    <ActionForm form={form} testId="guide-application-form">
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('aboutTitle')}</legend>
        <Input {...kit.register('name')} label={t('name')} autoComplete="name" required error={kit.errorOf('name')} />
        <Input {...kit.register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={kit.errorOf('email')} hint={t('emailHint')} />
        <Select {...kit.register('companyType')} label={t('companyType')} placeholder={t('companyTypePlaceholder')} options={companyTypes} required error={kit.errorOf('companyType')} />
        <Input {...kit.register('baseTown')} label={t('baseTown')} hint={t('baseTownHint')} autoComplete="address-level2" required error={kit.errorOf('baseTown')} />
        <Select {...kit.register('baseCountry')} label={t('baseCountry')} options={countries} required error={kit.errorOf('baseCountry')} />
        <GuideLanguagesField legend={t('languages')} choices={languages} chosen={[]} state={state} error={kit.errorOf('languages')} />
        <Input {...kit.register('webAddress')} type="url" inputMode="url" label={t('website')} autoComplete="url" error={kit.errorOf('webAddress')} />
        <Textarea {...kit.register('bio')} label={t('bio')} hint={t('bioHint')} rows={5} limit={MAX_BIO_LENGTH} required error={kit.errorOf('bio')} />
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('certificationTitle')}</legend>
        <Input {...kit.register('certificationName')} label={t('certificationName')} hint={t('certificationNameHint')} required error={kit.errorOf('certificationName')} />
        <Input {...kit.register('certificationNumber')} label={t('certificationNumber')} required error={kit.errorOf('certificationNumber')} />
        <Input {...kit.register('certificationIssuer')} label={t('certificationIssuer')} required error={kit.errorOf('certificationIssuer')} />
        <Input name="document" type="file" accept={documentMediaTypes.join(',')} label={t('document')} hint={t('documentHint')} required error={kit.errorOf('document')} data-testid="guide-document" />
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('insuranceTitle')}</legend>
        <Input {...kit.register('insurer')} label={t('insurer')} required error={kit.errorOf('insurer')} />
        <Input {...kit.register('policyNumber')} label={t('policyNumber')} required error={kit.errorOf('policyNumber')} />
        <Input {...kit.register('insuranceExpiresOn')} type="date" label={t('insuranceExpiry')} required error={kit.errorOf('insuranceExpiresOn')} />
      </fieldset>
      <p className={formStyles.note}>{t('privacyNote')}</p>
      <TermsField registration={kit.register('acceptTerms')} error={kit.errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={t('submit')} variant="primary" />
    </ActionForm>
  );
}
