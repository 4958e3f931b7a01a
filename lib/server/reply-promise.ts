import 'server-only';
import type { Database } from '../db/database';
import { keepQuestionPromise, keepReplyPromise, type PromiseEmails, type QuestionPromiseEmails, type WaitingQuestion, type WaitingRequest } from '../db/queries/reply-promise';
import { endRequests, type EndedRequest, type EndingEmails, type ReviewedTrip } from '../db/queries/request-endings';
import { isoDayOf } from '../iso-day';
import { paths } from '../routing/paths';
import { env } from '../env';
import { replyEscalationEmails, replyReminderEmail, requestExpiredEmail, requestReassignedEmail, reviewInvitationEmail, reviewReceivedEmail, type PromiseEmailInput, type RequestEndEmailInput } from '../mail/templates';
import { kickOutbox, logJsonLine } from '../mail/worker';
import { accountPath } from '../routing/account-pages';
import { scheduleEvery } from '../schedule';

const settings = () => ({ supportEmail: env.SUPPORT_EMAIL });

function emailInput(request: WaitingRequest | WaitingQuestion, now: Date, kind: 'booking' | 'question' = 'booking'): PromiseEmailInput {
  return {
    kind,
    requestId: request.id,
    reference: request.reference,
    locale: request.locale,
    traveller: request.traveller,
    guide: request.guide,
    guideId: request.guide.id,
    tripTitles: request.tripTitles,
    hours: Math.floor((now.getTime() - request.since.getTime()) / 3_600_000),
    urls: { guide: `${env.SITE_URL}${accountPath('guide', request.guide.emailLocale)}`, support: `${env.SITE_URL}${accountPath('support', 'en')}` },
  };
}

/** The promise's e-mails, in each reader's language. */
export const promiseEmails = (now: Date = new Date()): PromiseEmails => ({
  reminder: (request) => replyReminderEmail(emailInput(request, now), settings()),
  escalation: (request) => replyEscalationEmails(emailInput(request, now), settings()),
});

/** The same promise for questions to a guide. */
export const questionPromiseEmails = (now: Date = new Date()): QuestionPromiseEmails => ({
  reminder: (question) => replyReminderEmail(emailInput(question, now, 'question'), settings()),
  escalation: (question) => replyEscalationEmails(emailInput(question, now, 'question'), settings()),
});

/** The e-mail that gives a reassigned request to its new guide. */
export const reassignedEmail = (request: WaitingRequest, now: Date = new Date()) => requestReassignedEmail(emailInput(request, now), settings());

function endEmailInput(request: EndedRequest): RequestEndEmailInput {
  const slug = request.tripSlugs[request.locale];
  return {
    requestId: request.id,
    reference: request.reference,
    locale: request.locale,
    traveller: request.traveller,
    guideName: request.guideName,
    tripTitles: request.tripTitles,
    myTripsUrl: `${env.SITE_URL}${accountPath('bookings', request.locale)}`,
    tripUrl: slug ? `${env.SITE_URL}${paths.trip(request.locale, slug)}` : null,
  };
}

/** The e-mails of a request's end, in the traveller's language: expired, or invited to review. */
export const endingEmails = (): EndingEmails => ({
  expired: (request) => requestExpiredEmail(endEmailInput(request), settings()),
  reviewInvitation: (request) => reviewInvitationEmail(endEmailInput(request), settings()),
});

/** The guide's e-mail about a new review, in the guide's language, with the guide area where they answer it. */
export const reviewReceivedEmailFor = (review: ReviewedTrip) =>
  reviewReceivedEmail(
    {
      reviewId: review.reviewId,
      guide: review.guide,
      travellerFirstName: review.travellerFirstName,
      tripTitles: review.tripTitles,
      rating: review.rating,
      comment: review.comment,
      guideAreaUrl: `${env.SITE_URL}${accountPath('guide', review.guide.email ? review.guide.emailLocale : 'en')}`,
    },
    settings(),
  );

/** Checks the 24-hour promise, expires stale requests and invites reviews every REPLY_PROMISE_CHECK_MINUTES while the server runs (one timer per process). */
export function scheduleReplyPromise(db: Database): void {
  scheduleEvery('reply-promise', { everyMs: env.REPLY_PROMISE_CHECK_MINUTES * 60_000, firstAfterMs: 5_000 }, async () => {
    const now = new Date();
    const requests = await keepReplyPromise(promiseEmails(now), now, db);
    const questions = await keepQuestionPromise(questionPromiseEmails(now), now, db);
    const result = { ...requests, questionsReminded: questions.reminded, questionsEscalated: questions.escalated, ...(await endRequests(endingEmails(), isoDayOf(now), now, db)) };
    if (Object.values(result).some((count) => count > 0)) {
      logJsonLine({ level: 'info', msg: 'reply promise kept', ...result });
      kickOutbox();
    }
  }, 'reply promise check failed');
}
