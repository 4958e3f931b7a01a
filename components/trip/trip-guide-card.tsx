import { useLocale, useTranslations } from 'next-intl';
import { GuideAvatar } from '@/components/guide/guide-avatar';
import { localizedCertification } from '@/lib/catalogue/certifications';
import type { TripPageData } from '@/lib/db/queries/trips';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import styles from './trip-page.module.css';
import { displayNames } from '@/lib/text/intl-cache';

/** The guide or agency behind the trip: avatar, company type, certifications, languages, response time, bio. */
export function TripGuideCard({ guide, bio }: { guide: TripPageData['trip']['guide']; bio: string }) {
  const t = useTranslations('TripPage.guide');
  const catalogue = useTranslations('Catalogue');
  const guidePage = useTranslations('GuidePage');
  const locale = useLocale() as Locale;
  const languageNames = displayNames(locale, 'language');
  return (
    <div className={styles.guideCard} data-testid="guide-card">
      <GuideAvatar guide={guide} size={96} className={styles.avatar} />
      <div>
        <h3 className={styles.guideName} translate="no">
          {guide.name}
        </h3>
        <p className={styles.muted}>
          {catalogue(`companyType.${guide.companyType}`)} · {guide.baseLocation}
        </p>
        <dl className={styles.factList}>
          {guide.certifications.length > 0 ? (
            <div>
              <dt>{t('certifications')}</dt>
              <dd>
                {guide.certifications.map((certification, index) => (
                  <span key={certification}>
                    {index > 0 ? ', ' : null}
                    <span translate="no">{localizedCertification(certification, locale)}</span>
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('languages')}</dt>
            <dd>{guide.languages.map((code) => languageNames.of(code) ?? code).join(', ')}</dd>
          </div>
          <div>
            <dt>{t('responseTime')}</dt>
            <dd>{t('respondsWithin', { hours: guide.responseHours })}</dd>
          </div>
          <div>
            <dt>{t('experience')}</dt>
            <dd>{t('years', { count: guide.yearsExperience })}</dd>
          </div>
        </dl>
        {bio ? <p>{bio}</p> : null}
        <p>
          <a href={paths.guide(locale, guide.slug)} data-testid="guide-page-link">
            {guidePage('profileLink', { guide: guide.name })}
          </a>
        </p>
      </div>
    </div>
  );
}
