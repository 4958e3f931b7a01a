'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Textarea } from '@/components/ui/input';
import { ChoiceGroup } from '@/components/forms/choice-group';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import formStyles from '@/components/forms/forms.module.css';
import type { ActionResult } from '@/lib/forms/errors';
import type { ReviewForm as Values } from '@/lib/forms/account-schemas';

type Props = { requestId: number; action: (input: unknown) => Promise<ActionResult> };

const STARS = [1, 2, 3, 4, 5] as const;

/** issue 10: a traveller rates a confirmed trip that has ended (1 to 5 stars, an optional comment); shown as verified. */
export function ReviewForm({ requestId, action }: Props) {
  const t = useTranslations('Account.review');
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.reviewSchema),
    action,
    defaultValues: { requestId, comment: '' },
    onSuccess: () => router.refresh(),
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="review-form">
      <ChoiceGroup
        legend={t('rating')}
        registration={form.register('rating')}
        columns={5}
        testId="review-rating"
        error={errorOf('rating')}
        choices={STARS.map((stars) => ({
          value: String(stars),
          label: (
            <>
              <span aria-hidden="true">{'★'.repeat(stars)}</span> {t('stars', { count: stars })}
            </>
          ),
        }))}
      />
      <Textarea {...form.register('comment')} label={t('comment')} hint={t('commentHint')} rows={4} error={errorOf('comment')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </form>
  );
}
