import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuideCancelForm } from '@/components/account/guide-cancel-form';
import { GuideProfileSection } from '@/components/account/guide-profile-section';
import { ProposalForm } from '@/components/account/proposal-form';
import { ReplyForm } from '@/components/account/reply-form';
import { RequestStepForm } from '@/components/account/request-step-form';
import { formatMoney } from '@/lib/money/format';
import { allowedActions } from '@/lib/booking/request-lifecycle';
import { minorUnitDigits } from '@/lib/money/currency';
import { AccountFrame } from '@/components/account/account-frame';
import { ThreadCard } from '@/components/account/thread-card';
import { FormMessages } from '@/components/forms/form-messages';
import { isAnswered, listRequestThreads } from '@/lib/db/queries/account-requests';
import { listGuideTrips } from '@/lib/db/queries/guide-trips';
import { paths } from '@/lib/routing/paths';
import editor from '@/components/account/trip-editor.module.css';
import { accountPath } from '@/lib/routing/account-pages';
import { getSignedInUser } from '@/lib/server/session';
import { GuideReviewReplies } from '@/components/account/guide-review-replies';
import { replyToTripReview } from '../review-actions';
import { cancelSecuredBooking, confirmBooking, proposeDates, replyToThread, requestSignInLink, signOut } from '../actions';
import { NewTripSection, TripStatusBadge } from '@/components/account/trip-authoring';
import { createTrip } from '../trip-actions';
import { GuidePayout } from '@/components/account/booking-payment';
import { listBookingPayments, paidSoFar } from '@/lib/db/queries/payments';
import { env } from '@/lib/env';
import { paymentSettings } from '@/lib/payments/stripe';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import { saveGuideProfile } from '../guide-actions';
import { GuideTermsSection } from '@/components/account/guide-terms-section';
import { getGuideTerms } from '@/lib/db/queries/guide-terms';
import { saveGuideTerms } from '../guide-terms-actions';
import { connectStripeAccount } from '../earnings-actions';
import { GuideEarningsSection } from '@/components/account/guide-earnings-section';
import styles from '@/components/account/account.module.css';

// Personal: read on request, never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/guide'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('guide', params);

/** The messages of every form of the guide area, sent once for all of them (its sections draw no provider of their own). */
const GUIDE_AREA_FORM_NAMESPACES = ['Account', 'GuideProfile', 'GuideTerms', 'TripAuthoring', 'GuideReviewReplies'] as const;

/**
 * The guide area (footer 'Guide login'). Signed out: the guides' sign-in. Signed in as a
 * guide or agency member: the requests, questions and joins of their trips, newest first, the
 * unanswered ones with their wait against the 24-hour promise, each with a reply form.
 */
export default async function GuideAreaPage({ params, searchParams }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  const authoring = await getTranslations({ locale, namespace: 'TripAuthoring' });
  const user = await getSignedInUser();
  const isGuide = user?.role === 'guide' && user.guideId !== null;
  const [threads, trips, guideTerms] = isGuide ? await Promise.all([listRequestThreads({ guideId: user.guideId! }, locale), listGuideTrips(user.guideId!, locale), getGuideTerms(user.guideId!)]) : [null, [], null];
  const unanswered = threads?.filter((thread) => !isAnswered(thread)).length ?? 0;
  const securedPayments = await listBookingPayments(threads?.filter((thread) => thread.kind === 'booking' && thread.status === 'secured').map((thread) => thread.id) ?? []);
  const now = new Date();
  const payment = paymentSettings();
  const stripeParam = (await searchParams).stripe;

  return (
    <AccountFrame
      locale={locale}
      page="guide"
      breadcrumb={[{ label: t('nav.guideArea'), href: accountPath('guide', locale) }]}
      user={user}
      signIn={{ audience: 'guide', next: accountPath('guide', locale), action: requestSignInLink }}
      signOut={signOut}
    >
      {(user) => (
        <>
            <h1>{t('nav.guideArea')}</h1>
            {threads === null ? (
              <p className={styles.notice} data-testid="not-a-guide">
                {user.role === 'support' ? t('guide.supportNote') : t('guide.notGuide', { email: user.email })}
              </p>
            ) : (
              <FormMessages namespaces={GUIDE_AREA_FORM_NAMESPACES}>
                <GuideProfileSection locale={locale} guideId={user.guideId!} action={saveGuideProfile} />
                <h2>{t('trips.title')}</h2>
                <p className={styles.lead}>{t('trips.intro')}</p>
                <ul className={editor.tripList} data-testid="guide-trips">
                  {trips.map((trip) => (
                    <li key={trip.id}>
                      <span className={editor.tripTitle}>{trip.title}</span>
                      <TripStatusBadge locale={locale} status={trip.status} />
                      <a href={`${accountPath('trip', locale)}&id=${trip.id}`}>{authoring('tripCard.edit')}</a>
                      {trip.status === 'live' ? <a href={paths.trip(locale, trip.slug)}>{t('trips.view')}</a> : null}
                    </li>
                  ))}
                </ul>
                {guideTerms ? <GuideTermsSection locale={locale} terms={guideTerms} payment={payment} action={saveGuideTerms} /> : null}
                <NewTripSection locale={locale} action={createTrip} />
                <GuideEarningsSection locale={locale} guideId={user.guideId!} stripe={stripeParam} action={connectStripeAccount} />
                <h2>{t('guide.title')}</h2>
                <p className={styles.lead}>{t('guide.intro')}</p>
                <p className={styles.summary} data-testid="unanswered-count">
                  {t('guide.unanswered', { count: unanswered })}
                </p>
                {threads.length === 0 ? (
                  <p className={styles.muted}>{t('guide.empty')}</p>
                ) : (
                  <ol className={styles.threads}>
                    {threads.map((thread) => (
                      <li key={`${thread.kind}-${thread.id}`}>
                        <ThreadCard thread={thread} locale={locale} viewer="guide" now={now} payment={payment}>
                          {thread.kind === 'booking' && thread.status === 'secured' ? <GuidePayout locale={locale} payments={securedPayments.get(thread.id)} feePercent={env.PLATFORM_FEE_PERCENT} /> : null}
                          <ReplyForm threadKind={thread.kind} reference={thread.reference} action={replyToThread} />
                          {thread.kind === 'booking' && allowedActions(thread.status, 'guide').includes('proposeDates') ? (
                            <details className={styles.steps}>
                              <summary>{t('proposal.title')}</summary>
                              <ProposalForm
                                reference={thread.reference}
                                currency={thread.tripCurrency}
                                initial={{
                                  start: thread.proposal?.startsOn ?? thread.startsOn,
                                  end: thread.proposal?.endsOn ?? thread.endsOn,
                                  total: thread.proposal ? thread.proposal.totalMinor / 10 ** minorUnitDigits(thread.proposal.currency) : null,
                                }}
                                action={proposeDates}
                              />
                            </details>
                          ) : null}
                          {thread.kind === 'booking' && thread.status === 'secured' && paidSoFar(securedPayments.get(thread.id)) ? (
                            // A second step: the warning with what is refunded, and a reason, before the cancel button.
                            <details className={styles.steps} data-testid="guide-cancel">
                              <summary>{t('guide.cancelTitle')}</summary>
                              <p className={styles.muted}>{t('guide.cancelWarning', { paid: formatMoney(paidSoFar(securedPayments.get(thread.id))!, locale) })}</p>
                              <GuideCancelForm reference={thread.reference} action={cancelSecuredBooking} />
                            </details>
                          ) : null}
                          {thread.kind === 'booking' && allowedActions(thread.status, 'guide').includes('confirm') ? (
                            <RequestStepForm reference={thread.reference} label={t('proposal.confirm')} variant="accent" testId="confirm-booking" action={confirmBooking} />
                          ) : null}
                        </ThreadCard>
                      </li>
                    ))}
                  </ol>
                )}
                <GuideReviewReplies guideId={user.guideId!} locale={locale} action={replyToTripReview} />
              </FormMessages>
            )}
        </>
      )}
    </AccountFrame>
  );
}
