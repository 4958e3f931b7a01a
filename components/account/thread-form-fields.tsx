import { useTranslations } from 'next-intl';
import type { FieldKit } from '@/components/forms/field-kit';
import { ChoiceGroup } from '@/components/forms/choice-group';
import { FormSubmit } from '@/components/forms/form-submit';
import type { SubmitState } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ButtonVariant } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ThreadKind } from '@/lib/booking/request-lifecycle';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import type { DefaultValues } from 'react-hook-form';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { minorUnitDigits } from '@/lib/money/currency';
import type { GuideCancelForm, SupportRefundForm, ProposalForm, ReassignForm, ReviewForm, ThreadReplyForm } from '@/lib/forms/account-schemas';

/*
 * The forms under a booking request, drawn the same by the server, before their code
 * arrives (account-forms.tsx), and by react-hook-form in the browser once it has.
 */

type Action = FormAction<{ ok: true } & Submitted>;
type Submit = { state: SubmitState; formError: string | null };

export type ReplyFormProps = { threadKind: ThreadKind; reference: string; action: Action; side?: 'guide' | 'traveller' };
export type RequestStepFormProps = { reference: string; label: string; variant?: ButtonVariant; testId: string; action: Action };
export type ProposalFormProps = {
  reference: string;
  /** The trip's currency: the proposal is priced in it. */
  currency: string;
  /** What the traveller asked for, to start from. */
  initial: { start: string | null; end: string | null; total: number | null };
  action: Action;
};
export type ReviewFormProps = { reference: string; action: Action };
export type ReassignFormProps = { reference: string; candidates: Array<{ id: number; name: string }>; action: Action };

export const replyDefaults = ({ threadKind, reference }: ReplyFormProps): DefaultValues<ThreadReplyForm> => ({ threadKind, reference, message: '' });
export const proposalDefaults = ({ reference, initial }: ProposalFormProps): DefaultValues<ProposalForm> => ({
  reference,
  dates: { start: initial.start, end: initial.end },
  total: initial.total ?? undefined,
  message: '',
});
export const reviewDefaults = ({ reference }: ReviewFormProps): DefaultValues<ReviewForm> => ({ reference, comment: '' });
export type GuideCancelFormProps = { reference: string; action: Action };
export const guideCancelDefaults = ({ reference }: GuideCancelFormProps): DefaultValues<GuideCancelForm> => ({ reference, reason: '' });

/** A guide's cancellation of a secured booking: the reason the traveller reads, then the button that refunds. */
export function GuideCancelFields({ kit, state, formError }: { kit: FieldKit<'reason'> } & Submit) {
  const t = useTranslations('Account.guide');
  return (
    <>
      <Textarea {...kit.register('reason')} label={t('cancelReason')} rows={3} limit={MAX_MESSAGE_LENGTH} required error={kit.errorOf('reason')} />
      <FormSubmit state={state} formError={formError} label={t('cancelSubmit')} variant="primary" />
    </>
  );
}

export type SupportRefundFormProps = { reference: string; currency: string; /** What is still held, in major units: the full refund, to start from. */ held: number; action: Action };
export const supportRefundDefaults = ({ reference, held }: SupportRefundFormProps): DefaultValues<SupportRefundForm> => ({ reference, amount: held });

/** Support's refund of a late cancellation: the amount (all that is held, to start from; steps of the currency's minor unit), then the button. */
export function SupportRefundFields({ kit, currency, state, formError }: { kit: FieldKit<'amount'>; currency: string } & Submit) {
  const t = useTranslations('Account.support');
  return (
    <>
      <Input {...kit.register('amount', { valueAsNumber: true })} type="number" inputMode="decimal" min={0} step={10 ** -minorUnitDigits(currency)} label={t('refundAmount', { currency })} required error={kit.errorOf('amount')} />
      <FormSubmit state={state} formError={formError} label={t('refundSubmit')} variant="primary" />
    </>
  );
}

export const reassignDefaults = ({ reference, candidates }: ReassignFormProps): DefaultValues<ReassignForm> => ({ reference, guideId: candidates[0]?.id });

/** A message under a request, from its guide or its traveller. */
export function ReplyFields({ kit, side = 'guide', state, formError }: { kit: FieldKit<'message'>; side?: 'guide' | 'traveller' } & Submit) {
  const t = useTranslations(side === 'guide' ? 'Account.guide' : 'Account.bookings');
  return (
    <>
      <Textarea {...kit.register('message')} label={t('replyLabel')} rows={4} limit={MAX_MESSAGE_LENGTH} required error={kit.errorOf('message')} />
      <FormSubmit state={state} formError={formError} label={t('replySubmit')} variant="primary" />
    </>
  );
}

/** One step of a request (cancel, accept, confirm): its button. */
export function RequestStepFields({ label, variant = 'secondary', state, formError }: { label: string; variant?: ButtonVariant } & Submit) {
  return <FormSubmit state={state} formError={formError} label={label} variant={variant} />;
}

/** A guide's proposal: exact dates and a price for the whole group. */
export function ProposalFields({ kit, currency, state, formError }: { kit: FieldKit<'dates.start' | 'dates.end' | 'total' | 'message'>; currency: string } & Submit) {
  const t = useTranslations('Account.proposal');
  const orNull = { setValueAs: (value: string) => value || null };
  return (
    <>
      <div className={styles.row}>
        <Input {...kit.register('dates.start', orNull)} type="date" label={t('start')} required error={kit.errorOf('dates')} />
        <Input {...kit.register('dates.end', orNull)} type="date" label={t('end')} required />
      </div>
      <Input {...kit.register('total', { valueAsNumber: true })} type="number" inputMode="numeric" min={1} step={1} label={t('total', { currency })} required error={kit.errorOf('total')} />
      <Textarea {...kit.register('message')} label={t('message')} rows={3} limit={MAX_MESSAGE_LENGTH} error={kit.errorOf('message')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="accent" />
    </>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/** A traveller's review of a trip that is over: 1 to 5 stars and an optional comment. */
export function ReviewFields({ kit, state, formError }: { kit: FieldKit<'rating' | 'comment'> } & Submit) {
  const t = useTranslations('Account.review');
  return (
    <>
      <ChoiceGroup
        legend={t('rating')}
        registration={kit.register('rating')}
        columns={5}
        testId="review-rating"
        error={kit.errorOf('rating')}
        choices={STARS.map((stars) => ({
          value: String(stars),
          label: (
            <>
              <span aria-hidden="true">{'★'.repeat(stars)}</span> {t('stars', { count: stars })}
            </>
          ),
        }))}
      />
      <Textarea {...kit.register('comment')} label={t('comment')} hint={t('commentHint')} rows={4} limit={MAX_MESSAGE_LENGTH} error={kit.errorOf('comment')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </>
  );
}

/** Support hands an overdue request to another guide of the same area. */
export function ReassignFields({ kit, candidates, state, formError }: { kit: FieldKit<'guideId'>; candidates: ReassignFormProps['candidates'] } & Submit) {
  const t = useTranslations('Account.support');
  return (
    <>
      <Select
        {...kit.register('guideId', { valueAsNumber: true })}
        label={t('reassignTo')}
        options={candidates.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        error={kit.errorOf('guideId')}
      />
      <FormSubmit state={state} formError={formError} label={t('reassign')} variant="primary" />
    </>
  );
}
