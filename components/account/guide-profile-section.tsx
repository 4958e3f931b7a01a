import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { tripLanguages } from '@/lib/catalogue/vocabulary';
import { getGuideProfile } from '@/lib/db/queries/guide-applications';
import { responseHourChoices } from '@/lib/forms/guide-application-schemas';
import { locales, type Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { displayNames } from '@/lib/text/intl-cache';
import { GuideProfileForm, type GuideProfileValues } from './guide-profile-form';
import styles from './account.module.css';
import forms from './guide-forms.module.css';

/**
 * The guide area's account section: where the application stands (waiting, or declined with
 * support's reason), or, once approved, the public page's editor with pending certifications shown.
 */
export async function GuideProfileSection({
  locale,
  guideId,
  action,
  photo = null,
}: {
  locale: Locale;
  guideId: number;
  action: Parameters<typeof GuideProfileForm>[0]['action'];
  /** The profile photo's editor, drawn above the form (the image pipeline, lib/media, provides it). */
  photo?: ReactNode;
}) {
  const [t, profile] = await Promise.all([getTranslations({ locale, namespace: 'GuideProfile' }), getGuideProfile(guideId)]);
  if (!profile) return null;
  if (profile.status === 'applied') {
    return (
      <p className={styles.notice} data-testid="application-waiting">
        {t('waiting')}
      </p>
    );
  }
  if (profile.status === 'declined') {
    return (
      <div className={styles.notice} data-testid="application-declined">
        <p>{t('declined')}</p>
        {profile.decisionReason ? <blockquote className={styles.quote}>{profile.decisionReason}</blockquote> : null}
      </div>
    );
  }
  const language = displayNames(locale, 'language');
  const values: GuideProfileValues = {
    bios: profile.bios,
    languages: profile.languages,
    certifications: profile.pendingCertifications ?? profile.certifications,
    responseHours: profile.responseHours,
    website: profile.website,
  };
  // The page's language first, then the guide's own, then the others.
  const order = [...new Set<Locale>([locale, profile.emailLocale, ...locales])];
  return (
    <section aria-labelledby="guide-profile-title" data-testid="guide-profile">
      <h2 id="guide-profile-title">{t('title')}</h2>
      <p className={styles.lead}>
        {t('intro')} <a href={paths.guide(locale, profile.slug)}>{t('view')}</a>
      </p>
      {photo}
      {profile.pendingCertifications ? (
        <p className={forms.pending} data-testid="certifications-pending">
          {t('pending')}
        </p>
      ) : null}
      <GuideProfileForm
        action={action}
        profile={values}
        bioLocales={order.map((bioLocale) => ({ locale: bioLocale, label: t('bio', { language: language.of(bioLocale) ?? bioLocale }) }))}
        languages={tripLanguages.map((code) => ({ value: code, label: language.of(code) ?? code }))}
        responseHours={responseHourChoices.map((hours) => ({ value: String(hours), label: t('hours', { hours }) }))}
      />
    </section>
  );
}
