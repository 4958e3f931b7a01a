'use client';

import { ActionForm } from './action-form';
import { GuideQuestionFields, GuideQuestionSent, guideQuestionDefaults, type GuideQuestionProps } from './guide-question-fields';
import { useFormAction } from './use-form-action';

/**
 * The more-information form drawn in the page, for browsers without JavaScript (the dialog needs
 * it): the same fields and Server Action; the answer is the page drawn again with the errors or
 * the thank-you. `permalink`: the page's own address, where the form posts without JavaScript.
 */
export function GuideQuestionPageForm({ termsHref, privacyHref, action, guideName, replyHours, intro, permalink, ...ids }: GuideQuestionProps & { permalink: string }) {
  const form = useFormAction(action, guideQuestionDefaults(ids), { withCampaign: true, permalink, schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.guideQuestionSchema) });
  if (form.state.status === 'sent') return <GuideQuestionSent guideName={guideName} replyHours={replyHours} email={form.state.values.email ?? ''} />;
  return (
    <ActionForm form={form} testId="guide-question-page-form">
      <input type="hidden" {...form.kit.register('guideId')} />
      {/* Empty for a question from the guide's page (no trip): the schema reads it as none. */}
      <input type="hidden" {...form.kit.register('tripId')} />
      <GuideQuestionFields kit={form.kit} termsHref={termsHref} privacyHref={privacyHref} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} guideName={guideName} replyHours={replyHours} intro={intro} />
    </ActionForm>
  );
}
