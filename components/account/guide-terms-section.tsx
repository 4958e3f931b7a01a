import { getTranslations } from 'next-intl/server';
import type { GuideTerms } from '@/lib/db/queries/guide-terms';
import type { FormAction } from '@/lib/forms/errors';
import type { Locale } from '@/lib/locales';
import type { PaymentSettings } from '@/lib/payments/plan';
import { GuideTermsForm } from './guide-terms-form';
import styles from './account.module.css';

/** The guide area's booking terms: the lead time, and the payment instructions when payments are off. */
export async function GuideTermsSection({ locale, terms, payment, action }: { locale: Locale; terms: GuideTerms; payment: PaymentSettings; action: FormAction<{ ok: true }> }) {
  const t = await getTranslations({ locale, namespace: 'GuideTerms' });
  return (
    <section aria-labelledby="guide-terms-title" data-testid="guide-terms">
      <h2 id="guide-terms-title">{t('title')}</h2>
      <p className={styles.lead}>{t('intro')}</p>
      <GuideTermsForm
        leadDays={terms.leadDays}
        paymentInstructions={terms.paymentInstructions}
        instructions={payment.online ? null : { hint: t('paymentInstructionsHint', { days: payment.remainderDaysBefore }) }}
        action={action}
      />
    </section>
  );
}
