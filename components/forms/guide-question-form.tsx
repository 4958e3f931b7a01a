'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import type { GuideQuestionForm as Values } from '@/lib/forms/schemas';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { FormSubmit } from './form-submit';
import styles from './forms.module.css';
import { PhoneField } from './phone-field';
import { SentPanel } from './sent-panel';
import { TermsField } from './terms-field';
import { useActionForm } from './use-action-form';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';

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

/** spec §4 more-information form: idle → sending → message sent, then the thank-you screen. */
export function GuideQuestionForm({ guideId, tripId, guideName, replyHours, defaultCountry, termsHref, privacyHref, action, intro }: GuideQuestionProps) {
  const t = useTranslations('GuideQuestion');
  const forms = useTranslations('Forms');
  const { form, state, formError, errorOf, onSubmit, restart, prepare } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.guideQuestionSchema),
    action,
    withCampaign: true,
    withAdIdentifiers: true,
    defaultValues: { guideId, tripId, firstName: '', lastName: '', email: '', phone: { country: defaultCountry, number: '' }, questions: '' },
  });
  const { register } = form;

  if (state === 'sent') {
    return (
      <SentPanel
        title={t('sentTitle')}
        action={
          <Button variant="secondary" onClick={() => restart()}>
            {t('askAnother')}
          </Button>
        }
      >
        <p>{t('sentText', { guide: guideName, email: form.getValues('email'), hours: replyHours })}</p>
      </SentPanel>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="guide-question-form">
      <p className={styles.intro}>{intro ?? t('intro', { guide: guideName })}</p>
      <div className={styles.row}>
        <Input {...register('firstName')} label={forms('labels.firstName')} autoComplete="given-name" required error={errorOf('firstName')} />
        <Input {...register('lastName')} label={forms('labels.lastName')} autoComplete="family-name" required error={errorOf('lastName')} />
      </div>
      <Input {...register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={errorOf('email')} />
      <PhoneField country={register('phone.country')} number={register('phone.number')} error={errorOf('phone')} optional />
      <Textarea {...register('questions')} label={forms('labels.questions')} rows={5} limit={MAX_MESSAGE_LENGTH} required error={errorOf('questions')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <p className={styles.note}>{t('replyWindow', { guide: guideName, hours: replyHours })}</p>
      <FormSubmit state={state} formError={formError} label={t('submit')} />
    </form>
  );
}
