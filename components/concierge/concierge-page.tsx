import { getTranslations } from 'next-intl/server';
import { FormMessages } from '@/components/forms/form-messages';
import { RequestFeatures, RequestFormCard, RequestFormLink, RequestHero, RequestSteps } from '@/components/request-page/request-page-parts';
import requestStyles from '@/components/request-page/request-page.module.css';
import { activities } from '@/lib/catalogue/vocabulary';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { conciergeMonths } from '@/lib/forms/request-schemas';
import { isoDayOf, isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { ConciergeForm } from './concierge-form-loader';
import styles from './concierge.module.css';
import { dateTimeFormat } from '@/lib/text/intl-cache';

type Props = { locale: Locale; defaultCountry: string; termsHref: string; privacyHref: string; action: FormAction<{ ok: true } & Submitted> };

/** The concierge page: a specialist designs a tailor-made trip with vetted guides; the request form. */
export async function ConciergePage({ locale, defaultCountry, termsHref, privacyHref, action }: Props) {
  const [t, catalogue] = await Promise.all([getTranslations({ locale, namespace: 'Concierge' }), getTranslations({ locale, namespace: 'Catalogue' })]);
  const monthFormat = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const months = conciergeMonths(isoDayOf(new Date())).map((month) => {
    const label = monthFormat.format(isoDayToDate(`${month}-15`));
    return { value: month, label: label.charAt(0).toLocaleUpperCase(locale) + label.slice(1) };
  });
  const activityOptions = activities.map((activity) => ({ value: activity, label: catalogue(`activity.${activity}`) }));
  return (
    <div className={requestStyles.page}>
      <RequestHero
        eyebrow={t('eyebrow')}
        title={t('heading')}
        lead={t('lead')}
        action={<RequestFormLink formId="concierge-request" label={t('formTitle')} />}
        visual={<RouteVisual />}
      />
      <RequestFeatures
        title={t('servicesTitle')}
        features={[
          { icon: 'person', title: t('services.specialist.title'), text: t('services.specialist.text') },
          { icon: 'shield', title: t('services.guides.title'), text: t('services.guides.text') },
          { icon: 'route', title: t('services.proposal.title'), text: t('services.proposal.text') },
          { icon: 'check', title: t('services.free.title'), text: t('services.free.text') },
        ]}
      />
      <div className={requestStyles.columns}>
        <RequestFormCard id="concierge-request" title={t('formTitle')} intro={t('formIntro')}>
          <FormMessages namespaces={['Concierge']}>
            <ConciergeForm activities={activityOptions} months={months} defaultCountry={defaultCountry} termsHref={termsHref} privacyHref={privacyHref} action={action} />
          </FormMessages>
        </RequestFormCard>
        <RequestSteps title={t('howTitle')} steps={[t('steps.describe'), t('steps.answer'), t('steps.book')]} />
      </div>
    </div>
  );
}

/** A route over the peaks, from the first idea to the summit (decorative). */
function RouteVisual() {
  return (
    <svg className={styles.route} viewBox="0 0 360 240" aria-hidden="true" focusable="false">
      <path className={styles.far} d="M0 200 L60 120 L100 150 L170 60 L230 130 L280 90 L360 170 L360 240 L0 240 Z" />
      <path className={styles.near} d="M0 240 L0 210 L70 160 L130 195 L200 130 L260 175 L320 140 L360 165 L360 240 Z" />
      <path className={styles.snow} d="M170 60 L186 80 L176 78 L168 88 L160 76 L152 82 Z" />
      <path className={styles.path} d="M30 215 C 80 200, 90 175, 130 178 S 160 120, 200 128 S 230 95, 170 64" />
      <circle className={styles.stop} cx="30" cy="215" r="7" />
      <circle className={styles.stop} cx="130" cy="178" r="6" />
      <circle className={styles.stop} cx="200" cy="128" r="6" />
      <path className={styles.flag} d="M170 64 L170 34 L192 42 L170 50" />
    </svg>
  );
}
