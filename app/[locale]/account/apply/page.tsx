import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuideApplicationForm } from '@/components/account/guide-application-form';
import styles from '@/components/account/account.module.css';
import { FormMessages } from '@/components/forms/form-messages';
import { SiteShell } from '@/components/layout/site-shell';
import { companyTypes, tripLanguages } from '@/lib/catalogue/vocabulary';
import { accountAlternates, accountPath } from '@/lib/routing/account-pages';
import { staticPagePath } from '@/lib/routing/static-pages';
import { gazetteer } from '@/lib/search/gazetteer';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { getSignedInUser } from '@/lib/server/session';
import { defaultPhoneCountry } from '@/lib/server/visitor-country';
import { collator, displayNames } from '@/lib/text/intl-cache';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import { applyAsGuide } from '../guide-actions';

// It reads who is signed in: never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/apply'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('apply', params);

/** "Join us as a guide": the application a guide or agency sends to be verified by support. */
export default async function ApplyPage({ params }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const [t, catalogue, user, visitorCountry] = await Promise.all([
    getTranslations({ locale, namespace: 'GuideApplication' }),
    getTranslations({ locale, namespace: 'Catalogue' }),
    getSignedInUser(),
    defaultPhoneCountry(locale, THIS_VISITOR),
  ]);
  const order = collator(locale);
  const languageName = displayNames(locale, 'language');
  const countries = gazetteer
    .filter((place) => place.kind === 'country' && place.countryCode)
    .map((place) => ({ value: place.countryCode!, label: place.names[locale] }))
    .sort((a, b) => order.compare(a.label, b.label));
  const languages = tripLanguages.map((code) => ({ value: code, label: languageName.of(code) ?? code }));
  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={accountAlternates('apply')} breadcrumb={[{ label: t('title'), href: accountPath('apply', locale) }]}>
      <div className={styles.page}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('intro')}</p>
        {user?.role === 'guide' ? (
          <p className={styles.notice} data-testid="already-guide">
            {t('alreadyGuide')} <a href={accountPath('guide', locale)}>{t('guideArea')}</a>
          </p>
        ) : (
          <FormMessages namespaces={['GuideApplication']}>
            <GuideApplicationForm
              action={applyAsGuide}
              companyTypes={companyTypes.map((type) => ({ value: type, label: catalogue(`companyType.${type}`) }))}
              countries={countries}
              languages={languages}
              defaultCountry={countries.some((country) => country.value === visitorCountry) ? visitorCountry : ''}
              termsHref={staticPagePath('terms-fwt-waiver', locale)}
              privacyHref={staticPagePath('privacy-policy', locale)}
            />
          </FormMessages>
        )}
      </div>
    </SiteShell>
  );
}
