import { DeferredForm } from '@/components/forms/deferred-form-loader';
import formStyles from '@/components/forms/forms.module.css';
import { staticFieldKit } from '@/components/forms/static-field-kit';
import {
  ProposalFields,
  GuideCancelFields,
  SupportRefundFields,
  ReassignFields,
  ReplyFields,
  RequestStepFields,
  ReviewFields,
  proposalDefaults,
  guideCancelDefaults,
  supportRefundDefaults,
  reassignDefaults,
  replyDefaults,
  reviewDefaults,
  type ProposalFormProps,
  type GuideCancelFormProps,
  type SupportRefundFormProps,
  type ReassignFormProps,
  type ReplyFormProps,
  type RequestStepFormProps,
  type ReviewFormProps,
} from './thread-form-fields';

/*
 * The account area's forms: drawn here by the server, so an account page's first load
 * carries only the small deferred island; react-hook-form, the form's code and its schema download
 * on the form's first focus, input, click or submit, and take the HTML's place with what was done.
 */

const idle = { state: 'idle', formError: null } as const;

export function ReplyForm(props: ReplyFormProps) {
  return (
    <DeferredForm form="reply" props={props} className={formStyles.form} testId="reply-form">
      <ReplyFields kit={staticFieldKit(replyDefaults(props))} side={props.side} {...idle} />
    </DeferredForm>
  );
}

export function RequestStepForm(props: RequestStepFormProps) {
  return (
    <DeferredForm form="requestStep" props={props} testId={props.testId}>
      <RequestStepFields label={props.label} variant={props.variant} {...idle} />
    </DeferredForm>
  );
}

export function ProposalForm(props: ProposalFormProps) {
  return (
    <DeferredForm form="proposal" props={props} className={formStyles.form} testId="proposal-form">
      <ProposalFields kit={staticFieldKit(proposalDefaults(props))} currency={props.currency} {...idle} />
    </DeferredForm>
  );
}

export function ReviewForm(props: ReviewFormProps) {
  return (
    <DeferredForm form="review" props={props} className={formStyles.form} testId="review-form">
      <ReviewFields kit={staticFieldKit(reviewDefaults(props))} {...idle} />
    </DeferredForm>
  );
}

export function GuideCancelForm(props: GuideCancelFormProps) {
  return (
    <DeferredForm form="guideCancel" props={props} className={formStyles.form} testId="guide-cancel-form">
      <GuideCancelFields kit={staticFieldKit(guideCancelDefaults(props))} {...idle} />
    </DeferredForm>
  );
}

export function SupportRefundForm(props: SupportRefundFormProps) {
  return (
    <DeferredForm form="supportRefund" props={props} className={formStyles.form} testId="support-refund-form">
      <SupportRefundFields kit={staticFieldKit(supportRefundDefaults(props))} currency={props.currency} {...idle} />
    </DeferredForm>
  );
}

export function ReassignForm(props: ReassignFormProps) {
  return (
    <DeferredForm form="reassign" props={props} className={formStyles.form} testId="reassign-form">
      <ReassignFields kit={staticFieldKit(reassignDefaults(props))} candidates={props.candidates} {...idle} />
    </DeferredForm>
  );
}
