'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import formStyles from '@/components/forms/forms.module.css';
import { TermsField } from '@/components/forms/terms-field';
import { useFormAction } from '@/components/forms/use-form-action';
import { buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { OpenGroupJoinSent } from './open-group-join-sent';
import type { OpenGroupJoinProps } from './open-group-join-form';
import type { OpenGroupJoinAnswer } from '@/lib/forms/schemas';

/**
 * The open-group join drawn in the page, for browsers without JavaScript (the dialog needs it): the
 * same fields and Server Action; the answer is the page drawn again with the errors or the
 * thank-you. `permalink`: the page's own address, where the form posts without JavaScript.
 */
export function OpenGroupJoinPageForm({ group, travellers, termsHref, privacyHref, action, permalink }: Omit<OpenGroupJoinProps, 'onSent'> & { permalink: string }) {
  const t = useTranslations('OpenGroupJoin');
  const forms = useTranslations('Forms');
  const full = group.openSpots === 0;
  const defaults = { openGroupId: group.id, email: '', travellers: full ? travellers : Math.min(travellers, group.openSpots), waitlist: full, acceptTerms: false };
  const form = useFormAction<{ ok: true } & OpenGroupJoinAnswer>(action, defaults, {
    withCampaign: true,
    permalink,
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.openGroupJoinSchemaFor(group.openSpots)),
  });
  const { state, kit } = form;
  const fields = (
    <ActionForm form={form} testId="join-page-form">
      <input type="hidden" {...kit.register('openGroupId')} />
      <input type="hidden" name="waitlist" value={full ? 'true' : 'false'} />
      <p className={formStyles.intro}>{full ? t('waitlistIntro') : t('intro')}</p>
      <Input {...kit.register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={kit.errorOf('email')} />
      <Input {...kit.register('travellers')} type="number" inputMode="numeric" min={1} max={full ? undefined : group.openSpots} label={forms('labels.travellers')} required error={kit.errorOf('travellers')} />
      <TermsField registration={kit.register('acceptTerms')} error={kit.errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={full ? t('waitlist') : t('join')} variant="accent" />
    </ActionForm>
  );
  // A second step that opens without script; drawn again open once sent, with the errors or the thank-you.
  return (
    <details id={`join-${group.id}`} open={state.status !== 'idle'} data-testid="join-page">
      <summary className={buttonClassName({ variant: full ? 'secondary' : 'primary', size: 'sm' })}>{full ? t('waitlist') : t('join')}</summary>
      {state.status === 'sent' && state.result ? <OpenGroupJoinSent result={state.result} email={state.values.email ?? ''} /> : fields}
    </details>
  );
}
