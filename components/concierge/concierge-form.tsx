'use client';

import { useTranslations } from 'next-intl';
import type { DefaultValues } from 'react-hook-form';
import { ActionForm } from '@/components/forms/action-form';
import type { RequestFieldsProps } from '@/components/forms/field-kit';
import { FormSubmit } from '@/components/forms/form-submit';
import styles from '@/components/forms/forms.module.css';
import { OptionalLabel } from '@/components/forms/optional-label';
import { SenderFields } from '@/components/forms/sender-fields';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { useFormAction } from '@/components/forms/use-form-action';
import { Input, Textarea } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { CONCIERGE_MAX_TRAVELLERS } from '@/lib/forms/request-options';
import type { ConciergeRequestForm as Values } from '@/lib/forms/request-schemas';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';

export type ConciergeFormProps = {
  /** Activities with their labels (Catalogue), translated by the page. */
  activities: SelectOption[];
  /** The months a trip can start in, `YYYY-MM` with their names in the page's language. */
  months: SelectOption[];
  defaultCountry: string;
  termsHref: string;
  privacyHref: string;
  action: FormAction<{ ok: true } & Submitted>;
};

export const conciergeDefaults = (defaultCountry: string): DefaultValues<Values> => ({
  name: '',
  email: '',
  phone: { country: defaultCountry, number: '' },
  activity: '',
  destination: '',
  month: '',
  travellers: 2,
  budget: '',
  message: '',
  acceptTerms: false,
});

type Props = RequestFieldsProps<Values> & Pick<ConciergeFormProps, 'activities' | 'months'>;

/** The concierge request's fields: who, what, where, when, how many, the budget and the wishes for a tailor-made trip. */
export function ConciergeFields({ kit, activities, months, termsHref, privacyHref, state, formError }: Props) {
  const t = useTranslations('Concierge');
  const forms = useTranslations('Forms');
  const { register, errorOf } = kit;
  return (
    <>
      <Input {...register('destination')} label={t('destination')} hint={t('destinationHint')} required error={errorOf('destination')} />
      <div className={styles.row}>
        <Select {...register('activity')} label={<OptionalLabel label={t('activity')} />} options={[{ value: '', label: t('activityAny') }, ...activities]} error={errorOf('activity')} />
        <Select {...register('month')} label={<OptionalLabel label={t('month')} />} options={[{ value: '', label: t('monthAny') }, ...months]} error={errorOf('month')} />
      </div>
      <div className={styles.row}>
        <Input
          {...register('travellers', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          min={1}
          max={CONCIERGE_MAX_TRAVELLERS}
          label={forms('labels.travellers')}
          required
          error={errorOf('travellers')}
        />
        <Input {...register('budget')} label={<OptionalLabel label={t('budget')} />} placeholder={t('budgetPlaceholder')} autoComplete="off" error={errorOf('budget')} />
      </div>
      <Textarea {...register('message')} label={t('message')} hint={t('messageHint')} rows={6} limit={MAX_MESSAGE_LENGTH} required error={errorOf('message')} />
      <SenderFields kit={kit} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} />
    </>
  );
}

/** The concierge request (its fields above), drawn by the server and sent to its Server Action. */
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
