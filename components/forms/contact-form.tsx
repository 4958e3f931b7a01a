'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ContactMessageForm as Values } from '@/lib/forms/request-schemas';
import { clientFieldKit } from './client-field-kit';
import { ContactFields, contactDefaults, type ContactFormProps } from './contact-form-fields';
import styles from './forms.module.css';
import { SentPanel } from './sent-panel';
import type { TypedForm } from './typed-form';
import { useActionForm } from './use-action-form';
import type { Submitted } from '@/lib/forms/errors';

/** The need-help page's contact form (contact-form-fields.tsx), validated and sent; `typed`: what its server HTML held. */
export function ContactForm({ defaultCountry, termsHref, privacyHref, action, typed }: ContactFormProps & { typed?: TypedForm }) {
  const t = useTranslations('ContactForm');
  const { form, state, formError, result, errorOf, onSubmit, restart, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.contactMessageSchema),
    action,
    withCampaign: true,
    defaultValues: contactDefaults(defaultCountry),
    typed,
  });

  if (state === 'sent' && result) {
    return (
      <SentPanel
        title={t('sentTitle')}
        action={
          <Button variant="secondary" onClick={() => restart()}>
            {t('another')}
          </Button>
        }
      >
        <p>{t('sentText', { email: form.getValues('email') })}</p>
        <p>{t('reference', { reference: result.reference })}</p>
      </SentPanel>
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="contact-form">
      <ContactFields kit={clientFieldKit(form, errorOf, typed)} termsHref={termsHref} privacyHref={privacyHref} state={state} formError={formError} />
    </form>
  );
}
