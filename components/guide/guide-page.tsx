import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache, type ComponentProps } from 'react';
import { AskGuideDialog } from '@/components/forms/ask-guide-dialog';
import { FormMessages } from '@/components/forms/form-messages';
import formStyles from '@/components/forms/forms.module.css';
import { GuideQuestionPageForm } from '@/components/forms/guide-question-page-form';
import { SiteShell } from '@/components/layout/site-shell';
import type { GuidePageData } from '@/lib/db/queries/guides';
import { cachedGuidePageData } from '@/lib/server/cached-queries';
import { isLocale, locales, type Locale } from '@/lib/locales';
import type { Alternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { decodeSegment } from '@/lib/routing/served-paths';
import { staticPagePath } from '@/lib/routing/static-pages';
import { pageMetadata } from '@/lib/seo';
import { getPricingContext } from '@/lib/server/pricing-context';
import { defaultPhoneCountry } from '@/lib/server/visitor-country';
import { cachedPageAudience } from '@/lib/server/page-audience';
import { absoluteUrl, siteImages } from '@/lib/site-config';
import { guideJsonLd } from '@/lib/structured-data';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import { DEFAULT_TRAVELLERS } from '@/lib/storage';
import { GUIDE_PAGE_TRAVELLER_CHOICES, GuidePageView } from './guide-page-view';
import type { ReviewTranslationOffer } from '@/components/reviews/review-comment';
import { reviewTranslationEnabled } from '@/lib/server/review-translation';
import { regionName } from '@/lib/text/display-names';

/** The internal path's parameters (lib/routing/cached-pages.ts): the page is cached whole per locale, currency and traveller count. */
type RouteParams = Promise<{ locale: string; currency: string; slug: string; travellers: string }>;

// generateMetadata and the page share one load per request.
const loadGuide = cache((slug: string, locale: Locale) => cachedGuidePageData(slug, locale));

/**
 * The guide a route serves. `routeLocales`: the locales of the route's path shape (spec §2:
 * `/mountain-guide/{slug}` in English, `/{locale}/guide/{slug}` otherwise). proxy.ts answers
 * unknown slugs with the 404 page and redirects the other shape, so these are only guards.
 */
async function resolve(params: RouteParams, routeLocales: readonly Locale[]): Promise<{ locale: Locale; data: GuidePageData }> {
  const { locale, slug } = await params;
  if (!isLocale(locale) || !routeLocales.includes(locale)) notFound();
  const data = await loadGuide(decodeSegment(slug), locale);
  if (!data) notFound();
  return { locale, data };
}

/** A guide has one slug in every locale: each locale's URL of the page. */
function alternatesOf(slug: string): Alternates {
  return Object.fromEntries(locales.map((locale) => [locale, paths.guide(locale, slug)]));
}

/** spec §9 default 2 travellers; `?travellers=N` from the page's own selector (a path segment since the proxy's rewrite). */
function travellersFrom(value: string): number {
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 && count <= GUIDE_PAGE_TRAVELLER_CHOICES ? count : DEFAULT_TRAVELLERS;
}

export async function guidePageMetadata(params: RouteParams, routeLocales: readonly Locale[]): Promise<Metadata> {
  const { locale, data } = await resolve(params, routeLocales);
  const { guide } = data;
  const [t, catalogue] = await Promise.all([getTranslations({ locale, namespace: 'GuidePage' }), getTranslations({ locale, namespace: 'Catalogue' })]);
  // Mid-sentence: "Chamonix Alpine Guides, guiding agency in Chamonix".
  const label = catalogue(`companyType.${guide.companyType}`);
  const type = label.charAt(0).toLocaleLowerCase(locale) + label.slice(1);
  const country = regionName(guide.countryCode, locale);
  return pageMetadata(
    locale,
    alternatesOf(guide.slug),
    t('metaTitle', { guide: guide.name, type, place: guide.baseLocation }),
    t('metaDescription', { guide: guide.name, type, place: guide.baseLocation, country, hours: guide.responseHours }),
    guide.hasAvatar ? siteImages().guideAvatar(guide.key) : undefined,
  );
}

/** The in-page question form's id: its permalink's fragment. */
const QUESTION_FORM_ID = 'ask-the-guide';

/** A guide or agency page, shared by the English and the French and Spanish routes. */
/** `askGuide`: the question's Server Action, passed down by the route (components never import app/). */
export async function GuidePage({
  params,
  routeLocales,
  askGuide,
  translateReview,
}: {
  params: RouteParams;
  routeLocales: readonly Locale[];
  askGuide: ComponentProps<typeof AskGuideDialog>['action'];
  /** The reviews' DeepL translation, offered only with a key configured. */
  translateReview: NonNullable<ReviewTranslationOffer>['action'];
}) {
  const { slug, currency, travellers } = await params;
  const { locale, data } = await resolve(params, routeLocales);
  const audience = cachedPageAudience(currency, paths.guide(locale, slug));
  setRequestLocale(locale);
  const { guide } = data;
  const alternates = alternatesOf(guide.slug);
  const path = alternates[locale]!;
  const [pricing, phoneCountry, t] = await Promise.all([getPricingContext(audience), defaultPhoneCountry(locale, audience), getTranslations({ locale, namespace: 'GuidePage' })]);
  const question = {
    guideId: guide.id,
    tripId: null,
    guideName: guide.name,
    replyHours: guide.responseHours,
    defaultCountry: phoneCountry,
    termsHref: staticPagePath('terms-fwt-waiver', locale),
    privacyHref: staticPagePath('privacy-policy', locale),
    intro: t('formIntro', { guide: guide.name }),
    action: askGuide,
  };
  return (
    <SiteShell locale={locale} audience={audience} alternates={alternates} breadcrumb={[{ label: guide.name, href: path }]}>
      <JsonLdScript
        data={guideJsonLd(
          {
            name: guide.name,
            url: absoluteUrl(path),
            companyType: guide.companyType,
            place: guide.baseLocation,
            countryCode: guide.countryCode,
            ...(data.bio ? { description: data.bio.text } : {}),
            ...(guide.hasAvatar ? { image: absoluteUrl(siteImages().guideAvatar(guide.key)) } : {}),
          },
          { average: data.averageRating, count: data.reviewCount },
          data.reviews.slice(0, 5).map((review) => ({ author: review.firstName, rating: review.rating, date: review.tripDate, body: review.comment })),
        )}
      />
      <GuidePageView
        data={data}
        travellers={travellersFrom(travellers)}
        conversion={pricing.conversion}
        path={path}
        reviewTranslation={reviewTranslationEnabled() ? { action: translateReview, back: path } : null}
        askGuide={
          <FormMessages namespaces={['GuideQuestion']}>
            {/* With JavaScript the dialog; without it the same question as a form in the page (same Server Action). */}
            <div className={formStyles.withScript}>
              <AskGuideDialog variant="accent" {...question} />
            </div>
            <div id={QUESTION_FORM_ID} className={formStyles.withoutScript}>
              <GuideQuestionPageForm {...question} permalink={`${path}#${QUESTION_FORM_ID}`} />
            </div>
          </FormMessages>
        }
      />
    </SiteShell>
  );
}
