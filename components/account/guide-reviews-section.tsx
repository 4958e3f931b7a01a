import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { FormMessages } from '@/components/forms/form-messages';
import { listGuideReviews } from '@/lib/db/queries/guide-applications';
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
export async function GuideReviewsSection({ locale, action }: { locale: Locale; action: GuideDecisionAction }) {
  const [t, catalogue, reviews] = await Promise.all([getTranslations({ locale, namespace: 'GuideReviews' }), getTranslations({ locale, namespace: 'Catalogue' }), listGuideReviews()]);
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const moment = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const country = displayNames(locale, 'region');
  const language = displayNames(locale, 'language');
  return (
    <section aria-labelledby="guide-reviews-title" data-testid="guide-reviews">
      <h2 className={styles.sectionTitle} id="guide-reviews-title">
        {t('title')}
      </h2>
      <p className={styles.lead}>{t('intro')}</p>
      {reviews.length === 0 ? <p className={styles.muted}>{t('empty')}</p> : null}
      <FormMessages namespaces={['GuideReviews']}>
        <ol className={styles.threads}>
          {reviews.map((review) => {
            const subject = review.status === 'applied' ? 'application' : 'certifications';
            const application = review.application;
            return (
              <li key={review.guideId}>
                <article className={styles.thread} data-testid="guide-review" data-guide={review.name}>
                  <div className={styles.threadHead}>
                    <h3 className={styles.threadTitle}>{review.name}</h3>
                    <Badge tone="warning">{t(subject === 'application' ? 'newApplication' : 'certificationChange')}</Badge>
                  </div>
                  <Facts
                    facts={[
                      [t('email'), review.email ?? '–'],
                      [t('companyType'), catalogue(`companyType.${review.companyType}` as 'companyType.mountain_guide')],
                      [t('base'), `${review.baseLocation}, ${country.of(review.countryCode) ?? review.countryCode}`],
                      [t('languages'), review.languages.map((code) => language.of(code) ?? code).join(', ')],
                      ...(review.website ? [[t('website'), review.website] as const] : []),
                      ...(application
                        ? [
                            [t('sentOn'), moment.format(application.createdAt)] as const,
                            [t('certification'), `${application.certification.name} · ${application.certification.number} · ${application.certification.issuer}`] as const,
                            [t('insurance'), `${application.insurer} · ${application.policyNumber} · ${day.format(new Date(`${application.insuranceExpiresOn}T00:00:00Z`))}`] as const,
                          ]
                        : []),
                      ...(subject === 'certifications'
                        ? [[t('certificationsNow'), review.certifications.join(' · ')] as const, [t('certificationsNew'), (review.pendingCertifications ?? []).join(' · ')] as const]
                        : []),
                    ]}
                  />
                  {application && subject === 'application' ? (
                    <blockquote className={styles.quote} lang={application.locale}>
                      {application.bio}
                    </blockquote>
                  ) : null}
                  {review.documents.length > 0 ? (
                    <ul data-testid="guide-documents">
                      {review.documents.map((document) => (
                        <li key={document.id}>
                          <a href={`/api/guide-documents/${document.id}`} download={document.fileName}>
                            {t('document', { name: document.fileName, size: sizeOf(document.bytes, locale) })}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <GuideDecisionForm guideId={review.guideId} subject={subject} action={action} />
                </article>
              </li>
            );
          })}
        </ol>
      </FormMessages>
    </section>
  );
}
