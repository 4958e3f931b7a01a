import { getTranslations } from 'next-intl/server';
import { ContactForm } from '@/components/forms/contact-form-loader';
import { FormMessages } from '@/components/forms/form-messages';
import { Card } from '@/components/ui/card';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import type { Locale } from '@/lib/locales';
import { staticPagePath } from '@/lib/routing/static-pages';
import type { PageAudience } from '@/lib/server/page-audience';
import { defaultPhoneCountry } from '@/lib/server/visitor-country';
import styles from './static-page.module.css';

/** The need-help page's contact form (spec §3 audience choices), under the page's text. */
export async function ContactSection({ locale, audience, action }: { locale: Locale; audience: PageAudience; action: FormAction<{ ok: true } & Submitted> }) {
  const [t, defaultCountry] = await Promise.all([getTranslations({ locale, namespace: 'ContactForm' }), defaultPhoneCountry(locale, audience)]);
  return (
    <Card as="section" padded className={styles.contact} aria-labelledby="contact-form-title" id="contact-form">
      <h2 id="contact-form-title" className={styles.contactTitle}>
        {t('title')}
      </h2>
      <FormMessages namespaces={['ContactForm']}>
        <ContactForm defaultCountry={defaultCountry} termsHref={staticPagePath('terms-fwt-waiver', locale)} privacyHref={staticPagePath('privacy-policy', locale)} action={action} />
      </FormMessages>
    </Card>
  );
}
