/**
 * A booking request's lifecycle as a state machine. sent → answered (the guide replied)
 * → dates proposed (exact dates and a price) → accepted (by the traveller) → confirmed (by the
 * guide), or cancelled / expired. Every transition names who may make it; anything else is refused.
 */

export const requestStatuses = ['sent', 'answered', 'dates_proposed', 'accepted', 'confirmed', 'cancelled', 'expired'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** Who acts on a request: the traveller who sent it, the guide who answers it, support, or the system's clock. */
export type RequestActor = 'traveller' | 'guide' | 'support' | 'system';

/** What can happen to a request. */
export type RequestAction = 'reply' | 'proposeDates' | 'accept' | 'confirm' | 'cancel' | 'expire';

type Rule = { from: readonly RequestStatus[]; to: RequestStatus; by: readonly RequestActor[] };

const OPEN: readonly RequestStatus[] = ['sent', 'answered', 'dates_proposed', 'accepted'];

const rules: Record<RequestAction, Rule> = {
  // A reply answers a new request; later replies keep the status (see nextStatus).
  reply: { from: ['sent', 'answered', 'dates_proposed', 'accepted', 'confirmed'], to: 'answered', by: ['guide', 'support'] },
  // A new proposal replaces an earlier one until the traveller accepts.
  proposeDates: { from: ['sent', 'answered', 'dates_proposed'], to: 'dates_proposed', by: ['guide', 'support'] },
  accept: { from: ['dates_proposed'], to: 'accepted', by: ['traveller'] },
  confirm: { from: ['accepted'], to: 'confirmed', by: ['guide', 'support'] },
  cancel: { from: [...OPEN, 'confirmed'], to: 'cancelled', by: ['traveller', 'guide', 'support'] },
  expire: { from: OPEN, to: 'expired', by: ['system'] },
};

export type Transition = { ok: true; from: RequestStatus; to: RequestStatus } | { ok: false; reason: 'notAllowed' | 'wrongStatus' };

/**
 * The status a request moves to when `actor` does `action` on it, or why it may not. A reply to a
 * request that is already further along (dates proposed, accepted, confirmed) is a message and
 * leaves the status as it is.
 */
export function nextStatus(status: RequestStatus, action: RequestAction, actor: RequestActor): Transition {
  const rule = rules[action];
  if (!rule.by.includes(actor)) return { ok: false, reason: 'notAllowed' };
  if (!rule.from.includes(status)) return { ok: false, reason: 'wrongStatus' };
  const to = action === 'reply' && status !== 'sent' ? status : rule.to;
  return { ok: true, from: status, to };
}

/** The status an action leads to (a reply leaves a request further along as it is). */
export function targetStatus(action: RequestAction): RequestStatus {
  return rules[action].to;
}

/** The actions `actor` may take on a request in `status` (the buttons a screen shows). */
export function allowedActions(status: RequestStatus, actor: RequestActor): RequestAction[] {
  return (Object.keys(rules) as RequestAction[]).filter((action) => nextStatus(status, action, actor).ok);
}

/** Whether a request still waits for something to happen (not confirmed, cancelled or expired). */
export function isOpenStatus(status: RequestStatus): boolean {
  return OPEN.includes(status);
}

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && (requestStatuses as readonly string[]).includes(value);
}

/** What a traveller sent that a guide answers: a booking request, a question or an open-group join. */
export const threadKinds = ['booking', 'question', 'join'] as const;
export type ThreadKind = (typeof threadKinds)[number];
