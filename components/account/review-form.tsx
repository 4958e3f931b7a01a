'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { ChoiceGroup } from '@/components/forms/choice-group';
import { FormSubmit } from '@/components/forms/form-submit';
import { Textarea } from '@/components/ui/input';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_SLOTS } from '@/lib/forms/review-photo-limits';
import type { FieldKit } from '@/components/forms/field-kit';
import { ReviewPhotoFields } from './review-photo-fields';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type ReviewFormProps = { reference: string; action: ThreadAction };

const STARS = [1, 2, 3, 4, 5] as const;
const ASPECTS = ['guideRating', 'organisationRating', 'valueRating'] as const;

/** A traveller rates a confirmed trip that has ended (overall and per aspect, 1 to 5 stars, an optional comment and up to four photos); shown as verified. */
export function ReviewForm({ reference, action }: ReviewFormProps) {
  const t = useTranslations('Account.review');
  const form = useThreadForm(action, { reference, comment: '' });
  const { kit } = form;
  const choices = STARS.map((stars) => ({
    value: String(stars),
    label: (
      <>
        <span aria-hidden="true">{'★'.repeat(stars)}</span> {t('stars', { count: stars })}
      </>
    ),
  }));
  return (
    <ActionForm form={form} testId="review-form">
      <input type="hidden" {...kit.register('reference')} />
      <ChoiceGroup legend={t('rating')} registration={kit.register('rating')} columns={5} testId="review-rating" error={kit.errorOf('rating')} choices={choices} />
      <p>{t('aspects')}</p>
      {ASPECTS.map((aspect) => (
        <ChoiceGroup key={aspect} legend={t(aspect)} registration={kit.register(aspect)} columns={5} testId={`review-${aspect}`} error={kit.errorOf(aspect)} choices={choices} />
      ))}
      <Textarea {...kit.register('comment')} label={t('comment')} hint={t('commentHint')} rows={4} limit={MAX_MESSAGE_LENGTH} error={kit.errorOf('comment')} />
      <ReviewPhotoFields
        kit={kit as FieldKit<string>}
        texts={{
          legend: t('photos'),
          hint: t('photosHint', { count: REVIEW_PHOTO_SLOTS, megabytes: REVIEW_PHOTO_MAX_BYTES / (1024 * 1024) }),
          again: t('photosAgain'),
          photo: (number) => t('photo', { number }),
          alt: (number) => t('photoAlt', { number }),
        }}
      />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} label={t('submit')} variant="primary" />
    </ActionForm>
  );
}
