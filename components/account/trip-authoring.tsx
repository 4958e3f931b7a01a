import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import type { SubmitOutcome, TripStatus } from '@/lib/catalogue/publication';
import { tripCurrencies } from '@/lib/catalogue/trip-currencies';
import { activities, includedItemGroups, pricingModes, skillLevels, tripLanguages, tripLevels, tripTypes } from '@/lib/catalogue/vocabulary';
import type { TripForAuthoring } from '@/lib/db/queries/trip-authoring';
import type { FormAction } from '@/lib/forms/errors';
import { blocksText } from '@/lib/forms/trip-authoring-schemas';
import { locales, type Locale } from '@/lib/locales';
import { accountPath } from '@/lib/routing/account-pages';
import { displayNames } from '@/lib/text/intl-cache';
import { TripFactsForm, type TripFactsOptions, type TripFactsValues } from './trip-facts-form';
import { TripStepForm } from './trip-step-form';
import { TripTextsForm } from './trip-texts-form';
import editor from './trip-editor.module.css';

type Action = FormAction<{ ok: true; id: number }>;

/** The facts' choices in the guide's language. */
async function factsOptions(locale: Locale): Promise<TripFactsOptions> {
  const t = await getTranslations({ locale, namespace: 'Catalogue' });
  const language = displayNames(locale, 'language');
  return {
    activities: activities.map((value) => ({ value, label: t(`activity.${value}`) })),
    tripTypes: tripTypes.map((value) => ({ value, label: t(`tripType.${value}`) })),
    languages: tripLanguages.map((value) => ({ value, label: language.of(value) ?? value })),
    skillLevels: skillLevels.map((value) => ({ value, label: t(`skillLevel.${value}`) })),
    tripLevels: tripLevels.map((value) => ({ value, label: t(`tripLevel.${value}`) })),
    pricingModes: pricingModes.map((value) => ({ value, label: t(`pricingMode.${value}`) })),
    currencies: tripCurrencies.map((value) => ({ value, label: value })),
    itemGroups: Object.entries(includedItemGroups).map(([group, items]) => ({
      label: t(`includedGroup.${group as keyof typeof includedItemGroups}`),
      items: items.map((value) => ({ value, label: t(`includedItem.${value}`) })),
    })),
  };
}

const ticks = (all: readonly string[], chosen: readonly string[]) => Object.fromEntries(all.map((value) => [value, chosen.includes(value)]));
const allItems = Object.values(includedItemGroups).flat();

/** A trip's facts as its form holds them; a new trip's first values. */
function factsValues(trip: TripForAuthoring['trip'] | null): TripFactsValues {
  return {
    title: '',
    place: trip?.location ?? '',
    activities: ticks(activities, trip?.activities ?? []),
    tripType: trip?.tripType ?? 'private_and_group',
    languages: ticks(tripLanguages, trip?.languages ?? []),
    skillLevel: trip?.skillLevel ?? 'intermediate',
    fitnessLevel: trip?.fitnessLevel ?? 'intermediate',
    tripLevel: trip?.tripLevel ?? 'intermediate',
    durationDays: trip?.durationDays ?? 1,
    minDays: trip?.minDays ?? 1,
    maxGroupSize: trip?.maxGroupSize ?? 8,
    pricingMode: trip?.pricingMode ?? 'per_trip',
    currency: trip?.currency ?? 'EUR',
    discountPercent: trip?.discountPercent ?? 0,
    included: ticks(allItems, trip?.included ?? []),
    notIncluded: ticks(allItems, trip?.notIncluded ?? []),
    currencyChange: '',
  };
}

/** The guide area's form that creates a trip (a private draft). */
export async function NewTripSection({ locale, action }: { locale: Locale; action: Action }) {
  const t = await getTranslations({ locale, namespace: 'TripAuthoring' });
  return (
    // Open, not folded: a refusal drawn by the server without JavaScript shows its errors.
    <section className={editor.section} aria-labelledby="new-trip-title" data-testid="new-trip">
      <h2 id="new-trip-title">{t('newTrip.title')}</h2>
      <p className={editor.muted}>{t('newTrip.intro')}</p>
      <TripFactsForm
        tripId={null}
        values={factsValues(null)}
        options={await factsOptions(locale)}
        titleLabel={t('newTrip.tripTitle', { language: displayNames(locale, 'language').of(locale) ?? locale })}
        editorHref={`${accountPath('trip', locale)}&id={id}`}
        action={action}
      />
    </section>
  );
}

/** Where a trip stands, as a badge. */
export async function TripStatusBadge({ locale, status }: { locale: Locale; status: TripStatus }) {
  const t = await getTranslations({ locale, namespace: 'TripAuthoring.status' });
  return <Badge tone={status === 'live' ? 'success' : status === 'submitted' ? 'warning' : 'neutral'}>{t(status)}</Badge>;
}

type Lifecycle = { submit: FormAction<{ ok: true; id: number; outcome?: SubmitOutcome }>; unpublish: Action; duplicate: Action };

/** The editor's publication section: the status, the private preview, and the steps the trip allows. */
export async function TripPublicationSection({ locale, trip, actions }: { locale: Locale; trip: TripForAuthoring['trip']; actions: Lifecycle }) {
  const t = await getTranslations({ locale, namespace: 'TripAuthoring' });
  const note = { draft: 'draftNote', submitted: 'submittedNote', live: 'liveNote', unpublished: 'unpublishedNote' } as const;
  return (
    <section className={editor.section} aria-labelledby="publication-title" data-testid="publication" data-status={trip.status}>
      <h2 id="publication-title">{t('lifecycle.title')}</h2>
      <p className={editor.status}>
        <TripStatusBadge locale={locale} status={trip.status} /> {t(`lifecycle.${note[trip.status]}`)}
      </p>
      <p>
        <a href={`${accountPath('preview', locale)}&id=${trip.id}`} data-testid="preview-link">
          {t('lifecycle.preview')}
        </a>
      </p>
      <div className={editor.steps}>
        {trip.status === 'draft' || trip.status === 'unpublished' ? (
          <TripStepForm tripId={trip.id} label={t('lifecycle.submit')} done={t('lifecycle.submitted')} doneLive={t('lifecycle.published')} variant="primary" testId="submit-trip" action={actions.submit} />
        ) : null}
        {trip.status === 'live' || trip.status === 'submitted' ? (
          <TripStepForm tripId={trip.id} label={t('lifecycle.unpublish')} done={t('lifecycle.unpublished')} testId="unpublish-trip" action={actions.unpublish} />
        ) : null}
        <TripStepForm
          tripId={trip.id}
          label={t('lifecycle.duplicate')}
          done={t('lifecycle.duplicated')}
          link={{ href: `${accountPath('trip', locale)}&id={id}`, label: t('lifecycle.openCopy') }}
          testId="duplicate-trip"
          action={actions.duplicate}
        />
      </div>
    </section>
  );
}

/** The editor's facts section. */
export async function TripFactsSection({ locale, trip, action }: { locale: Locale; trip: TripForAuthoring['trip']; action: Action }) {
  const t = await getTranslations({ locale, namespace: 'TripAuthoring.facts' });
  const country = displayNames(locale, 'region').of(trip.countryCode) ?? trip.countryCode;
  return (
    <section className={editor.section} aria-labelledby="facts-title">
      <h2 id="facts-title">{t('title')}</h2>
      <p className={editor.muted}>{t('intro')}</p>
      <TripFactsForm tripId={trip.id} values={factsValues(trip)} options={await factsOptions(locale)} placeFound={t('placeFound', { place: `${trip.location}, ${country}` })} action={action} />
    </section>
  );
}

/** The editor's texts sections, one per language. */
export async function TripTextsSections({ locale, data, action }: { locale: Locale; data: TripForAuthoring; action: Action }) {
  const t = await getTranslations({ locale, namespace: 'TripAuthoring.texts' });
  const language = displayNames(locale, 'language');
  return locales.map((textLocale) => {
    const texts = data.texts[textLocale];
    const name = language.of(textLocale) ?? textLocale;
    return (
      <section key={textLocale} className={editor.section} aria-labelledby={`texts-${textLocale}`}>
        <h2 id={`texts-${textLocale}`}>{t('title', { language: name })}</h2>
        <p className={editor.muted}>
          {t('intro', { language: name })} {texts?.summary ? null : t('missing')}
        </p>
        <TripTextsForm
          tripId={data.trip.id}
          textLocale={textLocale}
          language={name}
          values={{
            title: texts?.title ?? '',
            slug: texts?.slug ?? '',
            summary: texts?.summary ?? '',
            description: texts?.description ?? '',
            region: texts?.region ?? '',
            itinerary: blocksText((texts?.itinerary ?? []).map((day) => ({ head: day.title, body: day.text }))),
            faq: blocksText((texts?.faq ?? []).map((entry) => ({ head: entry.question, body: entry.answer }))),
            why: texts?.why ?? '',
            information: texts?.information ?? '',
            assistance: texts?.assistance ?? '',
          }}
          action={action}
        />
      </section>
    );
  });
}
