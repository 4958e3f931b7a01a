'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useFormStatus } from 'react-dom';
import { ActionForm } from '@/components/forms/action-form';
import { FormAlert } from '@/components/forms/form-alert';
import formStyles from '@/components/forms/forms.module.css';
import { Honeypot } from '@/components/forms/honeypot';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import type { FormAction } from '@/lib/forms/errors';
import { useFormAction } from '@/components/forms/use-form-action';

export type GuideDecisionAction = FormAction<{ ok: true; decision: 'approve' | 'decline' }>;

function DecisionButtons({ approve, decline }: { approve: string; decline: string }) {
  const sending = useFormStatus().pending;
  return (
    <div className={formStyles.actions}>
      <Button type="submit" name="decision" value="approve" variant="primary" disabled={sending} data-testid="approve-guide">
        {approve}
      </Button>
      <Button type="submit" name="decision" value="decline" variant="secondary" disabled={sending} data-testid="decline-guide">
        {decline}
      </Button>
    </div>
  );
}

/** Support approves or declines an application or a change of certifications; declining needs a reason, which the guide reads. */
export function GuideDecisionForm({ guideId, subject, action }: { guideId: number; subject: 'application' | 'certifications'; action: GuideDecisionAction }) {
  const t = useTranslations('GuideVerification');
  const form = useFormAction(action, { guideId, subject, reason: '' });
  const router = useRouter();
  // Decided: the server draws the list again without it (after a POST without JavaScript, the answer already is that page).
  useEffect(() => {
    if (form.state.status === 'sent') router.refresh();
  }, [form.state, router]);
  const { kit } = form;
  return (
    <ActionForm form={form} testId={`guide-decision-${subject}`}>
      <input type="hidden" {...kit.register('guideId')} />
      <input type="hidden" {...kit.register('subject')} />
      <Textarea {...kit.register('reason')} label={t('reason')} hint={t('reasonHint')} rows={3} error={kit.errorOf('reason')} />
      <Honeypot />
      <FormAlert message={kit.errorOf('form') ?? form.state.formError} />
      <DecisionButtons approve={t(subject === 'application' ? 'approve' : 'approveCertifications')} decline={t(subject === 'application' ? 'decline' : 'declineCertifications')} />
    </ActionForm>
  );
}
