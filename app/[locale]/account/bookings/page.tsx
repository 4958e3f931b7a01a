import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ReplyForm } from '@/components/account/reply-form';
import { RequestStepForm } from '@/components/account/request-step-form';
import { ReviewForm } from '@/components/account/review-form';
import { ReviewPhotos } from '@/components/reviews/review-photos';
import { StarRating } from '@/components/trip/star-rating';
import { AccountFrame } from '@/components/account/account-frame';
import { ThreadCard } from '@/components/account/thread-card';
import { FormMessages } from '@/components/forms/form-messages';
import { buttonClassName } from '@/components/ui/button';
import { cancellationTerms } from '@/lib/booking/cancellation';
import type { ConfirmOutcome } from '@/lib/booking/join-holds';
import { allowedActions } from '@/lib/booking/request-lifecycle';
import { hasStarted, mayReview, travellerMayWrite } from '@/lib/booking/request-dates';
import { isoDayOf, isoDayToDate } from '@/lib/iso-day';
import { formatMoney } from '@/lib/money/format';
import { listRequestThreads, type RequestThread } from '@/lib/db/queries/account-requests';
import { accountPath } from '@/lib/routing/account-pages';
import { paths } from '@/lib/routing/paths';
import { staticPagePath } from '@/lib/routing/static-pages';
import { getSignedInUser } from '@/lib/server/session';
import { acceptProposal, cancelBookingRequest, payBooking, replyToThread, requestSignInLink, reviewTrip, signOut } from '../actions';
import { BookingPayment } from '@/components/account/booking-payment';
import { listBookingPayments, paidSoFar } from '@/lib/db/queries/payments';
import { paymentPlan, paymentStory } from '@/lib/payments/plan';
import { bookingTerms } from '@/lib/booking/terms';
import { remainderDueAt } from '@/lib/payments/schedule';
import { env } from '@/lib/env';
import { paymentSettings } from '@/lib/payments/stripe';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import styles from '@/components/account/account.module.css';
import { formatRating } from '@/lib/text/numbers';
import { dateTimeFormat } from '@/lib/text/intl-cache';

// Personal: read on request, never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/bookings'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('bookings', params);

const joinNotices: Record<ConfirmOutcome, 'joinConfirmed' | 'joinWaitlisted' | 'joinRejoined' | 'joinReleased'> = {
  confirmed: 'joinConfirmed',
  waitlisted: 'joinWaitlisted',
  rejoined: 'joinRejoined',
  released: 'joinReleased',
};

/** Whether the traveller may still write under a thread: questions and joins always, a request while it lives (a confirmed one until the trip is over). */
const mayWrite = (thread: RequestThread, today: string) => thread.kind !== 'booking' || travellerMayWrite(thread.status, thread, today);

/**
 * 'My trips' (`/account/bookings?lan=<locale>`, the header link): the traveller's
 * requests, questions and joins with their status, the conversation with the guide, the deposit
 * and remainder, and the cancellation terms (free for 48 hours when booked at least 30 days ahead).
 */
export default async function MyTripsPage({ params, searchParams }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const [t, tp] = await Promise.all([getTranslations({ locale, namespace: 'Account' }), getTranslations({ locale, namespace: 'Payment' })]);
  const user = await getSignedInUser();
  const threads = user ? await listRequestThreads({ email: user.email }, locale) : [];
  const payment = paymentSettings();
  const online = payment.online;
  const bookingPayments = await listBookingPayments(threads.filter((thread) => thread.kind === 'booking' && (thread.status === 'confirmed' || thread.status === 'secured')).map((thread) => thread.id));
  // Back from Stripe's page, or refused before it: said once, in the traveller's language.
  const query = await searchParams;
  const paymentNotice = typeof query.payment === 'string' && ['notFound', 'wrongStatus', 'noQuote', 'alreadyPaid', 'unavailable', 'disabled'].includes(query.payment) ? (query.payment as 'notFound') : null;
  const paidReturn = query.paid === 'deposit' || query.paid === 'remainder';
  // Back from a join's confirmation link: what became of its places, said once.
  const joinNotice = typeof query.join === 'string' && Object.hasOwn(joinNotices, query.join) ? joinNotices[query.join as ConfirmOutcome] : null;
  const now = new Date();
  const today = isoDayOf(now);
  const day = dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
  const agreedDay = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <AccountFrame
      locale={locale}
      page="bookings"
      breadcrumb={[{ label: t('bookings.title'), href: accountPath('bookings', locale) }]}
      user={user}
      signIn={{ audience: 'traveller', next: accountPath('bookings', locale), action: requestSignInLink }}
      signOut={signOut}
    >
      {(user) => (
        <>
            <h1>{t('bookings.title')}</h1>
            <p className={styles.lead}>{t('bookings.intro')}</p>
            {paymentNotice ? (
              <p role="alert" data-testid="payment-notice">
                {t(`payment.errors.${paymentNotice}`)}
              </p>
            ) : joinNotice ? (
              <p role="status" className={styles.notice} data-testid="join-notice">
                {t(`bookings.${joinNotice}`)}
              </p>
            ) : paidReturn ? (
              <p role="status" data-testid="payment-returned">
                {t('payment.paidReturn')}
              </p>
            ) : null}
            {threads.length === 0 ? (
              <>
                <p data-testid="no-requests">{t('bookings.empty', { email: user.email })}</p>
                <a className={buttonClassName({ variant: 'primary' })} href={paths.search(locale)}>
                  {t('bookings.browse')}
                </a>
              </>
            ) : (
              <FormMessages namespaces={['Account']}>
                <ol className={styles.threads}>
                  {threads.map((thread) => {
                    // A secured booking's free cancellation counts from the deposit's payment (spec §9), a request's from when it was sent.
                    const securedAt = thread.kind === 'booking' ? (bookingPayments.get(thread.id)?.securedAt ?? null) : null;
                    const booked = thread.kind === 'booking' ? bookingTerms(thread) : null;
                    const departure = booked?.startsOn ?? null;
                    const terms = thread.kind === 'booking' ? cancellationTerms(securedAt ?? thread.createdAt, departure, now) : null;
                    const actions = thread.kind === 'booking' ? allowedActions(thread.status, 'traveller') : [];
                    // The proposal to accept, paid as the story says (at once when below Stripe's minimum for two payments).
                    const offer = thread.kind === 'booking' && thread.proposal ? paymentPlan({ amountMinor: thread.proposal.totalMinor, currency: thread.proposal.currency }, thread.proposal.startsOn, payment, now) : null;
                    // What a cancellation gives back: only a secured booking has been paid for.
                    const paid = thread.kind === 'booking' && thread.status === 'secured' ? paidSoFar(bookingPayments.get(thread.id)) : null;
                    return (
                      <li key={`${thread.kind}-${thread.id}`}>
                        <ThreadCard thread={thread} locale={locale} viewer="traveller" now={now} payment={payment}>
                          {thread.kind === 'booking' ? (
                            <BookingPayment
                              locale={locale}
                              reference={thread.reference}
                              status={thread.status}
                              departure={departure}
                              payments={bookingPayments.get(thread.id)}
                              remainderDueAt={remainderDueAt(departure, env.REMAINDER_DAYS_BEFORE, now)}
                              online={online}
                              plan={booked?.total ? paymentPlan(booked.total, departure, payment, now) : null}
                              payee={{ name: thread.guideName, instructions: thread.paymentInstructions }}
                              action={payBooking}
                              now={now}
                            />
                          ) : null}
                          {actions.includes('accept') && offer && thread.kind === 'booking' && thread.proposal ? (
                            // A second step: what accepting commits to, in money, before the button that does it.
                            <details className={styles.steps} data-testid="accept-step">
                              <summary>{t('proposal.accept')}</summary>
                              <p className={styles.muted} data-testid="accept-consequence">
                                {t('proposal.acceptAgree', { dates: `${agreedDay.format(isoDayToDate(thread.proposal.startsOn))} – ${agreedDay.format(isoDayToDate(thread.proposal.endsOn))}`, price: formatMoney(offer.total, locale) })}{' '}
                                {t('proposal.acceptHint')} {paymentStory(tp, offer, 'before', locale, { name: thread.guideName, instructions: thread.paymentInstructions })}
                              </p>
                              <RequestStepForm reference={thread.reference} label={t('proposal.acceptConfirm', { price: formatMoney(offer.total, locale) })} variant="accent" testId="accept-proposal" action={acceptProposal} />
                            </details>
                          ) : null}
                          {terms && actions.includes('cancel') && thread.kind === 'booking' && !hasStarted(thread, today) ? (
                            <div>
                              <p className={styles.muted} data-testid="cancellation-terms">
                                {terms.free ? t('bookings.freeUntil', { date: day.format(terms.until) }) : t(`bookings.${terms.reason}`)}{' '}
                                <a href={staticPagePath('terms-fwt-waiver', locale)}>{t('bookings.terms')}</a>
                              </p>
                              {/* A second step: what cancelling costs or gives back, before the button that does it. */}
                              <details className={styles.steps} data-testid="cancel-step">
                                <summary>{t('bookings.cancel')}</summary>
                                <p className={styles.muted} data-testid="cancel-consequence">
                                  {paid
                                    ? t(terms.free ? 'bookings.cancelRefund' : 'bookings.cancelNoRefund', { paid: formatMoney(paid, locale) })
                                    : t('bookings.cancelNothingPaid', { guide: thread.guideName })}
                                </p>
                                <RequestStepForm reference={thread.reference} label={t('bookings.cancelConfirm')} testId="cancel-request" action={cancelBookingRequest} />
                              </details>
                            </div>
                          ) : null}
                          {thread.kind === 'booking' && thread.review ? (
                            <div className={styles.steps} data-testid="my-review">
                              <h3>{t('review.yours')}</h3>
                              <p>
                                <StarRating value={thread.review.rating} label={t('review.rated', { rating: formatRating(thread.review.rating, locale) })} />
                              </p>
                              {thread.review.comment ? <p>{thread.review.comment}</p> : null}
                              <ReviewPhotos photos={thread.review.photos} label={t('review.yourPhotos')} />
                              <p className={styles.muted}>{t('review.thanks')}</p>
                            </div>
                          ) : thread.kind === 'booking' && mayReview(thread.status, thread, today, thread.reviewInvited) ? (
                            <div className={styles.steps}>
                              <h3>{t('review.title')}</h3>
                              <p className={styles.muted}>{t('review.intro', { guide: thread.guideName })}</p>
                              <ReviewForm reference={thread.reference} action={reviewTrip} />
                            </div>
                          ) : null}
                          {mayWrite(thread, today) ? <ReplyForm threadKind={thread.kind} reference={thread.reference} action={replyToThread} side="traveller" /> : null}
                        </ThreadCard>
                      </li>
                    );
                  })}
                </ol>
              </FormMessages>
            )}
        </>
      )}
    </AccountFrame>
  );
}
