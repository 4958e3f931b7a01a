'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { GuideQuestionForm as Values } from '@/lib/forms/schemas';
import type { Submitted } from '@/lib/forms/errors';
import type { FieldKit } from './field-kit';
import styles from './forms.module.css';
import { GuideQuestionFields, GuideQuestionSent, guideQuestionDefaults, type GuideQuestionProps } from './guide-question-fields';
import { PhoneField } from './phone-field';
import { useActionForm } from './use-action-form';

export type { GuideQuestionProps } from './guide-question-fields';

/** spec §4 more-information form in its dialog: idle → sending → message sent, then the thank-you screen. */
export function GuideQuestionForm({ guideId, tripId, guideName, replyHours, defaultCountry, termsHref, privacyHref, action, intro }: GuideQuestionProps) {
  const t = useTranslations('GuideQuestion');
  const { form, state, formError, errorOf, onSubmit, restart, prepare } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.guideQuestionSchema),
    action,
    withCampaign: true,
    withAdIdentifiers: true,
    defaultValues: guideQuestionDefaults({ guideId, tripId, defaultCountry }),
  });
  const kit: FieldKit<string> = { register: form.register as FieldKit<string>['register'], errorOf, PhoneField };

  if (state === 'sent') {
    return (
      <GuideQuestionSent
        guideName={guideName}
        replyHours={replyHours}
        email={form.getValues('email')}
        action={
          <Button variant="secondary" onClick={() => restart()}>
            {t('askAnother')}
          </Button>
        }
      />
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="guide-question-form">
      <GuideQuestionFields kit={kit} termsHref={termsHref} privacyHref={privacyHref} state={state} formError={formError} guideName={guideName} replyHours={replyHours} intro={intro} />
    </form>
  );
}
