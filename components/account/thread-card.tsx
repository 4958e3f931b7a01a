import { getFormatter, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { JoinStatus } from '@/lib/booking/join-holds';
import { isBookedStatus, isOpenStatus, type RequestStatus } from '@/lib/booking/request-lifecycle';
import { isAnswered, type RequestThread } from '@/lib/db/queries/account-requests';
import { isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { formatMoney } from '@/lib/money/format';
import { paths } from '@/lib/routing/paths';
import { replyWait } from '@/lib/booking/cancellation';
import { Facts } from './facts';
import styles from './account.module.css';
import { formatReference } from '@/lib/booking/reference';
import { dateTimeFormat } from '@/lib/text/intl-cache';
import { bookingTerms, termsChanged, type Terms } from '@/lib/booking/terms';
import { paymentPlan, paymentStory, remainderText, type PaymentSettings } from '@/lib/payments/plan';

type Props = {
  thread: RequestThread;
  locale: Locale;
  /** Who reads it: the guide sees the traveller's contact and the wait, the traveller the guide's name. */
  viewer: 'guide' | 'traveller';
  now: Date;
  /** How bookings are paid here (online or through the guide), for the booking's amounts and days. */
  payment: PaymentSettings;
  children?: ReactNode;
};

const statusTone: Record<RequestStatus, BadgeTone> = {
  sent: 'warning',
  answered: 'brand',
  dates_proposed: 'accent',
  accepted: 'brand',
  confirmed: 'success',
  secured: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
  lapsed: 'neutral',
};

const joinTone: Record<JoinStatus, BadgeTone> = { held: 'warning', confirmed: 'success', waitlisted: 'accent', released: 'neutral' };

/** One request, question or join with its details and conversation (guide area and My trips). */
export async function ThreadCard({ thread, locale, viewer, now, payment, children }: Props) {
  const [t, tp, format] = await Promise.all([getTranslations({ locale, namespace: 'Account' }), getTranslations({ locale, namespace: 'Payment' }), getFormatter({ locale })]);
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const moment = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDay = (iso: string) => day.format(isoDayToDate(iso));
  const answered = isAnswered(thread);
  // An unconfirmed join's deadline, with its time zone: guide and traveller may live in others.
  const deadline = thread.kind === 'join' && thread.holdUntil ? format.dateTime(thread.holdUntil, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }) : '–';
  const wait = replyWait(thread.createdAt, now);
  // A cancelled, expired or lapsed request owes nothing and waits for no answer: its card says only what remains true.
  const closed = thread.kind === 'booking' && !isOpenStatus(thread.status) && !isBookedStatus(thread.status);

  const facts: Array<[string, string]> = [[t('fields.sentOn'), moment.format(thread.createdAt)]];
  if (viewer === 'guide') {
    if ('name' in thread) facts.push([t('fields.traveller'), thread.name]);
    facts.push([t('fields.email'), thread.email]);
    if ('phone' in thread && thread.phone) facts.push([t('fields.phone'), thread.phone]);
  } else {
    facts.push([t('fields.guide'), thread.guideName]);
  }
  // A booking's headline is its terms: the accepted proposal's dates and price, else what was asked.
  const terms = thread.kind === 'booking' ? bookingTerms(thread) : null;
  const datesOf = (of: Terms) => (of.startsOn && of.endsOn ? `${formatDay(of.startsOn)} – ${formatDay(of.endsOn)}` : null);
  let story: string | null = null;
  if (thread.kind === 'booking' && terms) {
    const dates = datesOf(terms) ?? (thread.openGroupStartsOn ? formatDay(thread.openGroupStartsOn) : t('fields.flexibleDates'));
    facts.push([t('fields.dates'), dates], [t('fields.travellers'), String(thread.travellers)], [t('fields.days'), String(terms.days)]);
    // A guide reads a quote still waiting in their trip's currency, as their e-mail stated it.
    const total = viewer === 'guide' && !terms.agreed && thread.guideTotal ? thread.guideTotal : terms.total;
    if (total) {
      const plan = paymentPlan(total, terms.startsOn, payment, now);
      facts.push([t('fields.total'), formatMoney(plan.total, locale)]);
      if (!closed) {
        facts.push([tp('deposit'), formatMoney(plan.deposit, locale)]);
        if (plan.remainder.amountMinor > 0) facts.push([tp('remainder'), remainderText(tp, plan, locale)]);
      }
      // Until the guide confirms, the traveller reads how it will be paid; after, My trips' payment panel says it.
      if (viewer === 'traveller' && isOpenStatus(thread.status)) story = paymentStory(tp, plan, 'before', locale, { name: thread.guideName, instructions: thread.paymentInstructions });
    } else if (!closed) {
      facts.push([t('fields.total'), t('fields.noQuote')]);
    }
  }
  // What was asked stays in the history once other terms were agreed.
  const asked = terms && termsChanged(terms) ? [datesOf(terms.asked) ?? t('fields.flexibleDates'), ...(terms.asked.total ? [formatMoney(terms.asked.total, locale)] : [])].join(', ') : null;
  if (thread.kind === 'join') {
    facts.push([t('fields.openGroup'), formatDay(thread.openGroupStartsOn)], [t('fields.travellers'), String(thread.travellers)]);
  }
  facts.push([t('fields.reference'), formatReference(thread.reference)]);
  const text = thread.kind === 'booking' ? thread.comment : thread.kind === 'question' ? thread.questions : null;
  const author = (role: RequestThread['messages'][number]['authorRole']) =>
    role === 'support' ? t('conversation.support') : role === viewer ? t('conversation.you') : role === 'guide' ? thread.guideName : t('conversation.traveller');

  return (
    <article className={styles.thread} data-testid="request-thread" data-kind={thread.kind} data-reference={thread.reference}>
      <div className={styles.threadHead}>
        <h2 className={styles.threadTitle}>
          {thread.trip ? <a href={paths.trip(locale, thread.trip.slug)}>{thread.trip.title}</a> : thread.guideName}
        </h2>
        <Badge tone="neutral">{t(`kinds.${thread.kind}`)}</Badge>
        {thread.kind === 'booking' ? (
          <Badge tone={statusTone[thread.status]} data-testid="request-status">
            {t(`statuses.${thread.status}`)}
          </Badge>
        ) : null}
        {thread.kind === 'join' ? (
          <Badge tone={joinTone[thread.joinStatus]} data-testid="join-status">
            {thread.joinStatus === 'waitlisted' && !thread.addressConfirmed
              ? t('joinStatuses.waitlistedUnconfirmed', { deadline })
              : t(`joinStatuses.${thread.joinStatus}`, { deadline })}
          </Badge>
        ) : null}
        {viewer === 'guide' ? (
          answered ? (
            <Badge tone="success">{t('guide.answered')}</Badge>
          ) : (
            <Badge tone={wait.state === 'overdue' ? 'danger' : wait.state === 'reminder' ? 'warning' : 'neutral'} data-testid="reply-wait">
              {t(wait.state === 'overdue' ? 'guide.overdue' : 'guide.waiting', { hours: wait.hours })}
            </Badge>
          )
        ) : null}
      </div>
      <Facts facts={facts} />
      {text ? <blockquote className={styles.quote}>{text}</blockquote> : null}
      {story ? (
        <p className={styles.muted} data-testid="payment-story">
          {story}
        </p>
      ) : null}
      {thread.kind === 'booking' && thread.proposal && !terms?.agreed ? (
        <p className={styles.proposal} data-testid="proposal">
          {t('proposal.current', {
            dates: `${formatDay(thread.proposal.startsOn)} – ${formatDay(thread.proposal.endsOn)}`,
            price: formatMoney({ amountMinor: thread.proposal.totalMinor, currency: thread.proposal.currency }, locale),
          })}
        </p>
      ) : null}
      <section className={styles.conversation} aria-label={t('conversation.title')}>
        <h3>{t('conversation.title')}</h3>
        {asked ? (
          <p className={styles.muted} data-testid="asked-terms">
            {viewer === 'traveller' ? t('history.askedByYou', { terms: asked }) : t('history.askedBy', { name: 'name' in thread ? thread.name : thread.email, terms: asked })}
          </p>
        ) : null}
        {thread.messages.length === 0 ? (
          <p className={styles.muted} data-testid="conversation-empty">
            {t(answered ? (thread.kind === 'booking' && thread.proposal ? 'conversation.proposalOnly' : 'conversation.none') : closed ? 'conversation.none' : 'conversation.empty', { guide: thread.guideName, hours: thread.replyHours })}
          </p>
        ) : (
          thread.messages.map((message) => (
            <div key={message.id} className={styles.message} data-testid="thread-message">
              <span className={styles.messageMeta}>
                {author(message.authorRole)} · {moment.format(message.createdAt)}
              </span>
              {message.body}
            </div>
          ))
        )}
      </section>
      {children}
    </article>
  );
}
