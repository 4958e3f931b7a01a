import { preload } from 'react-dom';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Price } from '@/components/money/price';
import { TripCard } from '@/components/trip-card/trip-card';
import { Fact } from '@/components/ui/fact';
import { RichText } from '@/components/ui/rich-text';
import type { TripCardRow } from '@/lib/db/queries/trip-cards';
import type { TripPageData } from '@/lib/db/queries/trips';
import type { ConversionSettings, DisplayedPrice, TripQuote } from '@/lib/money/pricing';
import { itinerarySteps } from '@/lib/catalogue/itinerary';
import { siteImages } from '@/lib/site-config';
import { TripBookingBar } from './trip-booking-bar';
import { TripBookingCard } from './trip-booking-card';
import { TripGuideCard } from './trip-guide-card';
import { TripIncluded } from './trip-included';
import { TripOpenGroups, type OpenGroupView } from './trip-open-groups';
import { TripReviews } from './trip-reviews';
import type { ReviewTranslationOffer } from '@/components/reviews/review-comment';
import { tripTabs, type TripTab } from './trip-sections';
import { TripTabBar } from './trip-tab-bar';
import { TripGallery } from './trip-gallery';
import { RatingLink } from './rating-link';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';
import { OpenGroupJoin } from '@/components/booking/open-group-join';
import { AskGuideDialog } from '@/components/forms/ask-guide-dialog';
import { NeedHelpForm } from '@/components/forms/need-help-form';
import { GuideQuestionPageForm } from '@/components/forms/guide-question-page-form';
import formStyles from '@/components/forms/forms.module.css';
import { buttonClassName } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import type { OpenGroupJoinAnswer } from '@/lib/forms/schemas';
import columns from '@/components/layout/side-card-layout.module.css';
import styles from './trip-page.module.css';
import { isoDayToDate } from '@/lib/iso-day';
import { regionName } from '@/lib/text/display-names';
import { displayNames } from '@/lib/text/intl-cache';

export type TripPageViewProps = {
  data: TripPageData;
  travellers: number;
  quote: TripQuote | null;
  priceTable: { people: number; price: DisplayedPrice }[];
  openGroups: OpenGroupView[];
  similar: TripCardRow[];
  conversion: ConversionSettings;
  available: boolean;
  alternativesHref: string;
  giftCardHref: string;
  needHelpHref: string;
  forms: TripForms;
};

/**
 * What the trip page's form islands need: the Server Actions, the legal links and the phone field's
 * first country. Their messages come from one provider around the view (`TRIP_FORM_NAMESPACES`).
 */
export type TripForms = {
  termsHref: string;
  privacyHref: string;
  defaultCountry: string;
  pageUrl: string;
  askGuide: FormAction<{ ok: true } & Submitted>;
  sendHelpMessage: FormAction<{ ok: true } & Submitted>;
  joinOpenGroup: FormAction<{ ok: true } & OpenGroupJoinAnswer>;
  /** The booking drawer (spec §2 "Travellers and email"), rendered by the page with its calendar's first month. */
  bookingDrawer: ReactNode;
  /** The same request as a form drawn in the page, for browsers without JavaScript (null when the drawer is). */
  bookingPageForm: ReactNode;
  /** The reviews' DeepL translation (null without a key: no button). */
  reviewTranslation: ReviewTranslationOffer;
};

/** The in-page booking form's id: the phone bar's and the no-JS link's target, and its permalink's fragment. */
export const BOOKING_FORM_ID = 'request-to-book';
const QUESTION_FORM_ID = 'ask-the-guide';

/** The trip page (spec §2): header, gallery, sticky tabs over in-page sections, price summary. */
export function TripPageView(props: TripPageViewProps) {
  const { data, travellers, quote, priceTable, openGroups, similar, conversion, available, forms } = props;
  const { trip, translation } = data;
  const t = useTranslations('TripPage');
  const bookingText = useTranslations('BookingForm');
  const questionText = useTranslations('GuideQuestion');
  const catalogue = useTranslations('Catalogue');
  const locale = useLocale();
  const format = useFormatter();
  const images = siteImages();
  const country = regionName(trip.countryCode, locale);
  const languageNames = displayNames(locale, 'language');
  const privateOnly = trip.tripType === 'private';
  const perDay = trip.pricingMode === 'per_person_per_day';

  const questionProps = {
    guideId: trip.guide.id,
    tripId: trip.id,
    guideName: trip.guide.name,
    replyHours: trip.guide.responseHours,
    defaultCountry: forms.defaultCountry,
    termsHref: forms.termsHref,
    privacyHref: forms.privacyHref,
    action: forms.askGuide,
  };

  const sections: Record<TripTab, ReactNode> = {
    overview: (
      <>
        <p className={styles.lead}>{translation.summary}</p>
        <dl className={styles.keyFacts} data-testid="key-facts">
          <Fact label={t('facts.duration')} value={t('facts.days', { count: trip.durationDays })} />
          <Fact label={t('facts.level')} value={catalogue(`tripLevel.${trip.tripLevel}`)} />
          <Fact label={t('facts.fitness')} value={catalogue(`skillLevel.${trip.fitnessLevel}`)} />
          <Fact label={t('facts.groupSize')} value={t('facts.upTo', { count: trip.maxGroupSize })} />
          <Fact label={t('facts.languages')} value={trip.languages.map((code) => languageNames.of(code) ?? code).join(', ')} />
          <Fact label={t('facts.location')} value={`${trip.location} · ${translation.region}, ${country}`} />
        </dl>
      </>
    ),
    description: <RichText text={translation.description} headingLevel={3} />,
    itinerary:
      translation.itinerary.length === 0 ? null : (
        <ol className={styles.itinerary}>
          {itinerarySteps(translation.itinerary.map((day) => day.title)).map((step, index) => (
            <li key={index}>
              <h3>
                <span className={styles.dayNumber}>{step.from === step.to ? t('itinerary.day', { day: step.from }) : t('itinerary.days', { from: step.from, to: step.to })}</span>{' '}
                {step.title}
              </h3>
              <p>{translation.itinerary[index]!.text}</p>
            </li>
          ))}
        </ol>
      ),
    groups: privateOnly ? (
      <p className={styles.notice} role="note" data-testid="private-only">
        {t('groups.privateOnly')}
      </p>
    ) : openGroups.length === 0 ? null : (
      <>
        <p>{t('groups.intro')}</p>
        <TripOpenGroups
          groups={openGroups}
          join={(group) => <OpenGroupJoin group={group} travellers={travellers} termsHref={forms.termsHref} privacyHref={forms.privacyHref} action={forms.joinOpenGroup} />}
        />
      </>
    ),
    details: (
      <dl className={styles.factList}>
        <Fact label={t('details.tripType')} value={catalogue(`tripType.${trip.tripType}`)} />
        <Fact label={t('details.activities')} value={trip.activities.map((activity) => catalogue(`activity.${activity}`)).join(', ')} />
        <Fact label={t('details.skill')} value={catalogue(`skillLevel.${trip.skillLevel}`)} />
        <Fact label={t('details.fitness')} value={catalogue(`skillLevel.${trip.fitnessLevel}`)} />
        <Fact label={t('details.level')} value={catalogue(`tripLevel.${trip.tripLevel}`)} />
        <Fact label={t('details.minimumDuration')} value={t('facts.days', { count: trip.minDays })} />
        <Fact label={t('details.groupSize')} value={t('facts.upTo', { count: trip.maxGroupSize })} />
        <Fact
          label={t('details.seasons')}
          value={trip.seasons.length === 0 ? t('details.allYear') : trip.seasons.map((season) => seasonText(season, format)).join(' · ')}
        />
      </dl>
    ),
    faq:
      translation.faq.length === 0 ? null : (
        <div className={styles.faq}>
          {translation.faq.map((entry, index) => (
            <details key={index}>
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </div>
      ),
    guide: <TripGuideCard guide={trip.guide} bio={data.guideBio} />,
    reviews: data.reviewCount === 0 ? null : (
        <TripReviews
          reviews={data.reviews}
          average={data.averageRating}
          count={data.reviewCount}
          inLanguage={data.reviewsInLanguage}
          guideName={trip.guide.name}
          translation={forms.reviewTranslation}
        />
      ),
    trips:
      similar.length === 0 ? (
        <p className={styles.muted} data-testid="no-similar">
          {t('trips.noResults')}
        </p>
      ) : (
        <div className={styles.cardGrid}>
          {similar.map((card) => (
            <TripCard key={card.id} trip={card} travellers={travellers} conversion={conversion} />
          ))}
        </div>
      ),
    prices: (
      <>
        <h3>{privateOnly ? t('prices.privateTitle') : t('prices.privateTab')}</h3>
        <p>{t('prices.privateIntro')}</p>
        {priceTable.length > 0 ? (
          <table className={styles.priceTable} data-testid="price-table">
            <caption className={visuallyHiddenClassName}>{t('prices.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('prices.groupSize')}</th>
                <th scope="col">{perDay ? t('prices.perPersonPerDay') : t('prices.perPersonPerTrip')}</th>
              </tr>
            </thead>
            <tbody>
              {priceTable.map((row) => (
                <tr key={row.people} aria-current={row.people === travellers ? 'true' : undefined}>
                  <th scope="row">{t('prices.people', { count: row.people })}</th>
                  <td>
                    <Price price={row.price} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {priceTable.length > 0 ? (
          <p data-testid="price-rule">
            {t('prices.betweenRule')}
            {priceTable[0]!.people > 1 ? <> {t('prices.privateRule', { people: priceTable[0]!.people })}</> : null}
          </p>
        ) : null}
        <h3>{t('prices.datesTitle')}</h3>
        <p>
          {trip.seasons.length === 0
            ? t('prices.allYear')
            : t('prices.seasons', { seasons: trip.seasons.map((season) => seasonText(season, format, 'long')).join(' · ') })}{' '}
          {t('prices.minimumDays', { count: trip.minDays })}
        </p>
      </>
    ),
    included: trip.included.length + trip.notIncluded.length === 0 ? null : <TripIncluded included={trip.included} notIncluded={trip.notIncluded} />,
    why: translation.why ? <RichText text={translation.why} headingLevel={3} /> : null,
    information: (
      <>
        {translation.information ? <RichText text={translation.information} headingLevel={3} /> : null}
        {trip.hotels.length > 0 ? (
          <>
            <h3>{t('hotels.title')}</h3>
            <ul className={styles.hotelList} data-testid="hotels">
              {trip.hotels.map((hotel) => (
                <li key={hotel.id}>
                  <p className={styles.strong}>
                    {hotel.name} <span role="img" aria-label={t('hotels.stars', { count: hotel.stars })}>{'★'.repeat(hotel.stars)}</span>
                  </p>
                  <p>{hotel.description[locale as keyof typeof hotel.description]}</p>
                  <a href={`https://www.booking.com/searchresults.html?ss=${encodeURIComponent(hotel.name)}&lang=${locale}`} target="_blank" rel="noopener noreferrer">
                    {t('hotels.seeRooms')}
                    <span className={visuallyHiddenClassName}> {t('hotels.newTab', { hotel: hotel.name })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    ),
    assistance: (
      <>
        {translation.assistance ? <RichText text={translation.assistance} headingLevel={3} /> : null}
        <p>{t('assistance.replyWindow', { hours: trip.guide.responseHours })}</p>
        <h3>{t('assistance.needHelpTitle')}</h3>
        <NeedHelpForm pageUrl={forms.pageUrl} defaultCountry={forms.defaultCountry} termsHref={forms.termsHref} privacyHref={forms.privacyHref} action={forms.sendHelpMessage} />
        <p>
          <a href={props.needHelpHref}>{t('assistance.needHelp')}</a>
        </p>
      </>
    ),
  };
  const tabs = tripTabs.filter((tab) => sections[tab] !== null);

  const photos = data.photos;
  // The largest picture of the page: fetched from the document's head, before the body is parsed (TripGallery preloads its own).
  if (photos.length === 0) preload(images.tripCover(trip.hasCover ? trip.key : null), { as: 'image', fetchPriority: 'high' });
  return (
    <article className={styles.page} data-trip={trip.key}>
      <header className={styles.header}>
        <p className={styles.kicker}>{trip.activities.map((activity) => catalogue(`activity.${activity}`)).join(' · ')}</p>
        <h1>{translation.title}</h1>
        <p className={styles.subline}>
          <span>
            {translation.region}, {country}
          </span>
          {data.averageRating !== null ? (
            <RatingLink average={data.averageRating} count={data.reviewCount} className={styles.ratingLink} />
          ) : null}
          <span>{t.rich('byGuide', { guide: trip.guide.name, name: (chunks) => <span translate="no">{chunks}</span> })}</span>
        </p>
      </header>

      {photos.length > 0 ? (
        <TripGallery
          photos={photos}
          label={t('gallery.label', { trip: translation.title })}
          openLabels={photos.map((photo, index) => t('gallery.open', { number: index + 1, total: photos.length }))}
          viewer={{
            title: translation.title,
            close: t('gallery.close'),
            previous: t('gallery.previous'),
            next: t('gallery.next'),
            counters: photos.map((photo, index) => t('gallery.counter', { number: index + 1, total: photos.length })),
          }}
        />
      ) : (
        // The generated scenes, for a trip without photos. Scrollable on phones, so it takes focus for keyboard scrolling.
        <div className={styles.gallery} data-testid="gallery" role="region" aria-label={t('gallery.label', { trip: translation.title })} tabIndex={0}>
          {/* eslint-disable-next-line @next/next/no-img-element -- SVG scenes from the assets host */}
          <img className={styles.cover} src={images.tripCover(trip.hasCover ? trip.key : null)} alt={t('gallery.cover', { trip: translation.title })} width={1200} height={800} fetchPriority="high" />
          {Array.from({ length: Math.min(trip.photoCount, 4) }, (_, index) => (
            // eslint-disable-next-line @next/next/no-img-element -- SVG scenes from the assets host
            <img key={index} src={images.tripPhoto(trip.key, index + 1)} alt={t('gallery.photo', { trip: translation.title, number: index + 1 })} width={600} height={400} loading="lazy" />
          ))}
        </div>
      )}

      <div className={columns.layout}>
        <aside className={columns.card} aria-label={t('booking.title')}>
          <TripBookingCard
            quote={quote}
            travellers={travellers}
            maxTravellers={trip.maxGroupSize}
            perDay={perDay}
            days={trip.durationDays}
            customerFee={trip.customerFee}
            visitorCurrency={conversion.target}
            available={available}
            alternativesHref={props.alternativesHref}
            giftCardHref={props.giftCardHref}
            actions={
              <>
                {/* With JavaScript: the drawer and the dialog. Without: links to the same forms drawn in the page. */}
                <div className={cx(styles.bookingActions, formStyles.withScript)}>
                  {forms.bookingDrawer}
                  <AskGuideDialog {...questionProps} />
                </div>
                <div className={cx(styles.bookingActions, formStyles.withoutScript)}>
                  {forms.bookingPageForm ? (
                    <a className={buttonClassName({ variant: 'accent', fullWidth: true })} href={`#${BOOKING_FORM_ID}`}>
                      {bookingText('open')}
                    </a>
                  ) : null}
                  <a className={buttonClassName({ variant: 'secondary', fullWidth: true })} href={`#${QUESTION_FORM_ID}`}>
                    {questionText('open', { guide: trip.guide.name })}
                  </a>
                </div>
              </>
            }
          />
        </aside>
        <div className={columns.main}>
          <TripTabBar tabs={tabs} />
          {tabs.map((tab) => (
            <section key={tab} id={tab} className={styles.section} aria-labelledby={`${tab}-title`}>
              <h2 id={`${tab}-title`}>{t(`sectionTitles.${tab}`)}</h2>
              {sections[tab]}
            </section>
          ))}
          <div className={formStyles.withoutScript}>
            {forms.bookingPageForm ? (
              <section id={BOOKING_FORM_ID} className={styles.section} aria-labelledby={`${BOOKING_FORM_ID}-title`}>
                <h2 id={`${BOOKING_FORM_ID}-title`}>{bookingText('title')}</h2>
                {forms.bookingPageForm}
              </section>
            ) : null}
            <section id={QUESTION_FORM_ID} className={styles.section} aria-labelledby={`${QUESTION_FORM_ID}-title`}>
              <h2 id={`${QUESTION_FORM_ID}-title`}>{questionText('title')}</h2>
              <GuideQuestionPageForm {...questionProps} permalink={`${forms.pageUrl}#${QUESTION_FORM_ID}`} />
            </section>
          </div>
        </div>
      </div>
      {forms.bookingDrawer ? <TripBookingBar quote={quote} travellers={travellers} formId={BOOKING_FORM_ID} /> : null}
    </article>
  );
}

/** A season (`06-15` → `09-15`) as "15 Jun – 15 Sept" in the page's language. */
/** A season's days; `long` months in a sentence, whose own full stop would double an abbreviation's ("15 sept.."). */
function seasonText(season: { from: string; to: string }, format: ReturnType<typeof useFormatter>, month: 'short' | 'long' = 'short'): string {
  const day = (monthDay: string) => format.dateTime(isoDayToDate(`2001-${monthDay}`), { day: 'numeric', month, timeZone: 'UTC' });
  return `${day(season.from)} – ${day(season.to)}`;
}
