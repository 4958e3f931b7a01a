'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { Input, Textarea } from '@/components/ui/input';
import type { GuideQuestionForm as Values } from '@/lib/forms/schemas';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import type { RequestFieldsProps } from './field-kit';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { SentPanel } from './sent-panel';
import { TermsField } from './terms-field';

export type GuideQuestionProps = {
  guideId: number;
  tripId: number | null;
  guideName: string;
  replyHours: number;
  defaultCountry: string;
  termsHref: string;
  privacyHref: string;
  /** The Server Action that stores the question (passed by the page). */
  action: FormAction<{ ok: true } & Submitted>;
  /** The form's first line, translated by the page; default: a question about this trip. */
  intro?: string;
};

export const guideQuestionDefaults = ({ guideId, tripId, defaultCountry }: Pick<GuideQuestionProps, 'guideId' | 'tripId' | 'defaultCountry'>): DefaultValues<Values> => ({
  guideId,
  tripId,
  firstName: '',
  lastName: '',
  email: '',
  phone: { country: defaultCountry, number: '' },
  questions: '',
  acceptTerms: false,
});

/** spec §4 more-information form's fields, the same in the dialog (react-hook-form) and in the page (server-drawn). */
export function GuideQuestionFields({ kit, termsHref, privacyHref, state, formError, guideName, replyHours, intro }: RequestFieldsProps<Values> & Pick<GuideQuestionProps, 'guideName' | 'replyHours' | 'intro'>) {
  const t = useTranslations('GuideQuestion');
  const forms = useTranslations('Forms');
  const { register, errorOf, PhoneField: Phone } = kit;
  return (
    <>
      <p className={styles.intro}>{intro ?? t('intro', { guide: guideName })}</p>
      <div className={styles.row}>
        <Input {...register('firstName')} label={forms('labels.firstName')} autoComplete="given-name" required error={errorOf('firstName')} />
        <Input {...register('lastName')} label={forms('labels.lastName')} autoComplete="family-name" required error={errorOf('lastName')} />
      </div>
      <Input {...register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={errorOf('email')} />
      <Phone country={register('phone.country')} number={register('phone.number')} error={errorOf('phone')} optional />
      <Textarea {...register('questions')} label={forms('labels.questions')} rows={5} limit={MAX_MESSAGE_LENGTH} required error={errorOf('questions')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <p className={styles.note}>{t('replyWindow', { guide: guideName, hours: replyHours })}</p>
      <FormSubmit state={state} formError={formError} label={t('submit')} />
    </>
  );
}

/** The thank-you once a question is stored. */
export function GuideQuestionSent({ guideName, replyHours, email, action }: { guideName: string; replyHours: number; email: string; action?: ReactNode }) {
  const t = useTranslations('GuideQuestion');
  return (
    <SentPanel title={t('sentTitle')} action={action}>
      <p>{t('sentText', { guide: guideName, email, hours: replyHours })}</p>
    </SentPanel>
  );
}
