'use client';

import { useTranslations } from 'next-intl';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import styles from '@/components/forms/forms.module.css';
import { SentPanel } from '@/components/forms/sent-panel';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import type { ConciergeRequestForm as Values } from '@/lib/forms/request-schemas';
import { ConciergeFields, conciergeDefaults, type ConciergeFormProps } from './concierge-form-fields';
import type { Submitted } from '@/lib/forms/errors';

/** The concierge request (concierge-form-fields.tsx), validated and sent; `typed`: what its server HTML held. */
export function ConciergeForm({ activities, months, defaultCountry, termsHref, privacyHref, action, typed }: ConciergeFormProps & { typed?: TypedForm }) {
  const t = useTranslations('Concierge');
  const { form, state, formError, result, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.conciergeRequestSchema()),
    action,
    withCampaign: true,
    defaultValues: conciergeDefaults(defaultCountry),
    typed,
  });

  if (state === 'sent' && result) {
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: form.getValues('email') })}</p>
        <p>{t('reference', { reference: result.reference })}</p>
      </SentPanel>
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="concierge-form">
      <ConciergeFields kit={clientFieldKit(form, errorOf, typed)} activities={activities} months={months} termsHref={termsHref} privacyHref={privacyHref} state={state} formError={formError} />
    </form>
  );
}
