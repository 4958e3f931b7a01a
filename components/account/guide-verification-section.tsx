import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { listGuideVerifications } from '@/lib/db/queries/guide-applications';
import type { Locale } from '@/lib/locales';
import { dateTimeFormat, displayNames } from '@/lib/text/intl-cache';
import { Facts } from './facts';
import { GuideDecisionForm, type GuideDecisionAction } from './guide-decision-form';
import styles from './account.module.css';

const sizeOf = (bytes: number, locale: Locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));

/**
 * Support's screen of guides to verify: new applications with what they declared and their
 * documents (opened from a support-only route), and approved guides' changed certifications.
 */
export async function GuideVerificationSection({ locale, action }: { locale: Locale; action: GuideDecisionAction }) {
  const [t, catalogue, waiting] = await Promise.all([getTranslations({ locale, namespace: 'GuideVerification' }), getTranslations({ locale, namespace: 'Catalogue' }), listGuideVerifications()]);
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const moment = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const country = displayNames(locale, 'region');
  const language = displayNames(locale, 'language');
  return (
    <section aria-labelledby="guide-verification-title" data-testid="guide-verifications">
      <h2 className={styles.sectionTitle} id="guide-verification-title">
        {t('title')}
      </h2>
      <p className={styles.lead}>{t('intro')}</p>
      {waiting.length === 0 ? <p className={styles.muted}>{t('empty')}</p> : null}
      <ol className={styles.threads}>
        {waiting.map((guide) => {
          const subject = guide.status === 'applied' ? 'application' : 'certifications';
          const application = guide.application;
          return (
            <li key={guide.guideId}>
              <article className={styles.thread} data-testid="guide-verification" data-guide={guide.name}>
                <div className={styles.threadHead}>
                  <h3 className={styles.threadTitle}>{guide.name}</h3>
                  <Badge tone="warning">{t(subject === 'application' ? 'newApplication' : 'certificationChange')}</Badge>
                </div>
                <Facts
                  facts={[
                    [t('email'), guide.email ?? '–'],
                    [t('companyType'), catalogue(`companyType.${guide.companyType}` as 'companyType.mountain_guide')],
                    [t('base'), `${guide.baseLocation}, ${country.of(guide.countryCode) ?? guide.countryCode}`],
                    [t('languages'), guide.languages.map((code) => language.of(code) ?? code).join(', ')],
                    ...(guide.website ? [[t('website'), guide.website] as const] : []),
                    ...(application
                      ? [
                          [t('sentOn'), moment.format(application.createdAt)] as const,
                          [t('certification'), `${application.certification.name} · ${application.certification.number} · ${application.certification.issuer}`] as const,
                          [t('insurance'), `${application.insurer} · ${application.policyNumber} · ${day.format(new Date(`${application.insuranceExpiresOn}T00:00:00Z`))}`] as const,
                        ]
                      : []),
                    ...(subject === 'certifications'
                      ? [[t('certificationsNow'), guide.certifications.join(' · ')] as const, [t('certificationsNew'), (guide.pendingCertifications ?? []).join(' · ')] as const]
                      : []),
                  ]}
                />
                {application && subject === 'application' ? (
                  <blockquote className={styles.quote} lang={application.locale}>
                    {application.bio}
                  </blockquote>
                ) : null}
                {guide.documents.length > 0 ? (
                  <ul data-testid="guide-documents">
                    {guide.documents.map((document) => (
                      <li key={document.id}>
                        <a href={`/api/guide-documents/${document.id}`} download={document.fileName}>
                          {t('document', { name: document.fileName, size: sizeOf(document.bytes, locale) })}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <GuideDecisionForm guideId={guide.guideId} subject={subject} action={action} />
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
