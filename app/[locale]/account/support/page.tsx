import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Facts } from '@/components/account/facts';
import { ReassignForm } from '@/components/account/reassign-form';
import { GuideVerificationSection } from '@/components/account/guide-verification-section';
import { decideGuideVerification } from '../guide-actions';
import { SupportRefundForm } from '@/components/account/support-refund-form';
import { cancellationTerms } from '@/lib/booking/cancellation';
import { AccountFrame } from '@/components/account/account-frame';
import { FormMessages } from '@/components/forms/form-messages';
import { Badge } from '@/components/ui/badge';
import { listOverdueQuestions, listOverdueRequests, reassignmentCandidates } from '@/lib/db/queries/reply-promise';
import { listCancellationReviews, listOverdueRemainders } from '@/lib/db/queries/payments';
import { formatMoney, formatTypedAmount } from '@/lib/money/format';
import { accountPath } from '@/lib/routing/account-pages';
import { getSignedInUser } from '@/lib/server/session';
import { ReviewModeration } from '@/components/account/review-moderation';
import { hideTripReview } from '../review-actions';
import { reassignBookingRequest, refundCancellation, requestSignInLink, signOut } from '../actions';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import { SupportTripQueue } from '@/components/account/support-trip-queue';
import { approveTripAction, returnTripAction } from '../trip-actions';
import styles from '@/components/account/account.module.css';
import { formatReference } from '@/lib/booking/reference';
import { dateTimeFormat, displayNames } from '@/lib/text/intl-cache';

// Personal: read on request, never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/support'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('support', params);

/** The messages of every form of the support area, sent once for all of them (its sections draw no provider of their own). */
const SUPPORT_FORM_NAMESPACES = ['Account', 'GuideVerification', 'ReviewModeration', 'TripAuthoring'] as const;

/** Support's screen of requests past the 24-hour promise, each with a reassignment to another guide of its area. */
export default async function SupportPage({ params }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  const user = await getSignedInUser();
  const now = new Date();
  const overdue = user?.role === 'support' ? await listOverdueRequests(now) : null;
  const questions = user?.role === 'support' ? await listOverdueQuestions(now) : [];
  const unpaid = user?.role === 'support' ? await listOverdueRemainders() : [];
  const lateCancellations = user?.role === 'support' ? await listCancellationReviews() : [];
  const candidates = overdue ? await Promise.all(overdue.map((request) => reassignmentCandidates(request))) : [];
  const country = displayNames(locale, 'region');
  const moment = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <AccountFrame
      locale={locale}
      page="support"
      breadcrumb={[{ label: t('support.title'), href: accountPath('support', locale) }]}
      user={user}
      signIn={{ audience: 'traveller', next: accountPath('support', locale), action: requestSignInLink }}
      signOut={signOut}
    >
      {() => (
        <>
            <h1>{t('support.title')}</h1>
            {overdue === null ? (
              <p className={styles.notice} data-testid="not-support">
                {t('support.notSupport')}
              </p>
            ) : (
              <FormMessages namespaces={SUPPORT_FORM_NAMESPACES}>
                <p className={styles.lead}>{t('support.intro')}</p>
                {overdue.length === 0 ? <p className={styles.muted}>{t('support.empty')}</p> : null}
                <ol className={styles.threads}>
                  {overdue.map((request, index) => (
                    <li key={request.id}>
                      <article className={styles.thread} data-testid="overdue-request" data-reference={request.reference}>
                        <div className={styles.threadHead}>
                          <h2 className={styles.threadTitle}>{request.tripTitles[locale] ?? request.tripTitles.en}</h2>
                          <Badge tone="danger">{t('support.waiting', { hours: Math.floor((now.getTime() - request.since.getTime()) / 3_600_000) })}</Badge>
                        </div>
                        <Facts
                          facts={[
                            [t('fields.sentOn'), moment.format(request.since)],
                            [t('support.guide'), request.guide.name],
                            [t('support.country'), country.of(request.countryCode) ?? request.countryCode],
                            [t('fields.email'), request.traveller.email],
                            [t('fields.reference'), formatReference(request.reference)],
                          ]}
                        />
                        {candidates[index]!.length > 0 ? (
                          <ReassignForm reference={request.reference} candidates={candidates[index]!} action={reassignBookingRequest} />
                        ) : (
                          <p className={styles.muted}>{t('support.noCandidate')}</p>
                        )}
                      </article>
                    </li>
                  ))}
                </ol>
                <h2 className={styles.sectionTitle}>{t('support.questionsTitle')}</h2>
                <p className={styles.lead}>{t('support.questionsIntro')}</p>
                {questions.length === 0 ? <p className={styles.muted}>{t('support.noQuestions')}</p> : null}
                <ol className={styles.threads}>
                  {questions.map((question) => (
                    <li key={question.id}>
                      <article className={styles.thread} data-testid="overdue-question" data-reference={question.reference}>
                        <div className={styles.threadHead}>
                          <h3 className={styles.threadTitle}>{question.tripTitles[locale] ?? question.tripTitles.en ?? question.guide.name}</h3>
                          <Badge tone="danger">{t('support.waiting', { hours: Math.floor((now.getTime() - question.since.getTime()) / 3_600_000) })}</Badge>
                        </div>
                        <Facts
                          facts={[
                            [t('fields.sentOn'), moment.format(question.since)],
                            [t('support.guide'), question.guide.name],
                            [t('fields.email'), question.traveller.email],
                            [t('fields.reference'), formatReference(question.reference)],
                          ]}
                        />
                        <blockquote className={styles.quote} lang={question.locale}>
                          {question.questions}
                        </blockquote>
                      </article>
                    </li>
                  ))}
                </ol>
                <h2 className={styles.sectionTitle}>{t('support.remaindersTitle')}</h2>
                <p className={styles.lead}>{t('support.remaindersIntro')}</p>
                {unpaid.length === 0 ? <p className={styles.muted}>{t('support.noRemainders')}</p> : null}
                <ol className={styles.threads}>
                  {unpaid.map(({ payment, email, firstName, lastName, reference }) => (
                    <li key={payment.id}>
                      <article className={styles.thread} data-testid="overdue-remainder" data-reference={reference}>
                        <div className={styles.threadHead}>
                          <h3 className={styles.threadTitle}>{formatMoney({ amountMinor: payment.amountMinor, currency: payment.currency }, locale)}</h3>
                          <Badge tone="danger">{t(payment.status === 'requires_action' ? 'support.remainderAction' : 'support.remainderFailed')}</Badge>
                        </div>
                        <Facts
                          facts={[
                            [t('support.remainderDue'), payment.dueAt ? moment.format(payment.dueAt) : '–'],
                            [t('fields.traveller'), `${firstName} ${lastName}`.trim()],
                            [t('fields.email'), email],
                            [t('fields.reference'), formatReference(reference)],
                          ]}
                        />
                      </article>
                    </li>
                  ))}
                </ol>
                <h2 className={styles.sectionTitle}>{t('support.refundsTitle')}</h2>
                <p className={styles.lead}>{t('support.refundsIntro')}</p>
                {lateCancellations.length === 0 ? <p className={styles.muted}>{t('support.noRefunds')}</p> : null}
                <ol className={styles.threads}>
                  {lateCancellations.map(({ request, cancelledAt, paidMinor, refundableMinor, currency, depositPaidAt }) => {
                    // The terms as the traveller saw them before paying, at the moment they cancelled.
                    const terms = cancellationTerms(depositPaidAt, request.proposedStartsOn ?? request.startsOn, cancelledAt);
                    return (
                      <li key={request.id}>
                        <article className={styles.thread} data-testid="late-cancellation" data-reference={request.reference}>
                          <div className={styles.threadHead}>
                            <h3 className={styles.threadTitle}>{formatMoney({ amountMinor: refundableMinor, currency }, locale)}</h3>
                          </div>
                          <Facts
                            facts={[
                              [t('fields.traveller'), `${request.firstName} ${request.lastName}`.trim()],
                              [t('fields.email'), request.email],
                              [t('fields.reference'), formatReference(request.reference)],
                              [t('support.cancelledOn'), moment.format(cancelledAt)],
                              [t('support.paid'), formatMoney({ amountMinor: paidMinor, currency }, locale)],
                              [t('support.held'), formatMoney({ amountMinor: refundableMinor, currency }, locale)],
                              [t('support.terms'), terms.free ? t('payment.freeCancellation') : t(`bookings.${terms.reason}`)],
                            ]}
                          />
                          <SupportRefundForm reference={request.reference} currency={currency} held={formatTypedAmount({ amountMinor: refundableMinor, currency }, locale)} action={refundCancellation} />
                        </article>
                      </li>
                    );
                  })}
                </ol>
                <GuideVerificationSection locale={locale} action={decideGuideVerification} />
                <ReviewModeration locale={locale} action={hideTripReview} />
                <SupportTripQueue locale={locale} approve={approveTripAction} returnToDraft={returnTripAction} />
              </FormMessages>
            )}
        </>
      )}
    </AccountFrame>
  );
}
