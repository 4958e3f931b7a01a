import 'server-only';
import type Stripe from 'stripe';
import { getDb } from '../db/client';
import type { Database } from '../db/database';
import {
  claimGuideMovement,
  forgetGuideStripeAccount,
  confirmGuideMovement,
  deferGuideMovement,
  findGuideMovement,
  getGuideStripeAccount,
  listConfirmedMovements,
  listPayoutCandidates,
  listPendingMovements,
  recordGuidePayout,
  saveGuideStripeAccount,
  updateGuideAccountStatus,
  type AccountStatus,
} from '../db/queries/guide-payouts';
import type { GuideTransfer } from '../db/schema';
import { env } from '../env';
import { isLocale, type Locale } from '../locales';
import { stripeAccountReminderEmail } from '../mail/templates';
import { kickOutbox, logJsonLine } from '../mail/worker';
import { accountPath } from '../routing/account-pages';
import { fromStripeAmount, toStripeAmount } from './amounts';
import { idOf, stripeClient, stripeErrorText } from './stripe';


/** What the guide area shows of a connected account. */
export function accountStatusOf(account: Stripe.Account): AccountStatus {
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])].filter((item, index, all) => all.indexOf(item) === index).slice(0, 50),
  };
}

const reminderEmail = async (guide: { id: number; name: string; email: string | null; emailLocale: string }) => {
  const locale: Locale = isLocale(guide.emailLocale) ? guide.emailLocale : 'en';
  return [stripeAccountReminderEmail({ guideId: guide.id, guide: { name: guide.name, email: guide.email, emailLocale: locale }, url: `${env.SITE_URL}${accountPath('guide', locale)}` }, { supportEmail: env.SUPPORT_EMAIL })];
};

/** Stores what Stripe says of an account (the webhook, or the guide back from onboarding); e-mails the guide once when Stripe needs more. */
export async function recordAccountStatus(account: Stripe.Account, db: Database = getDb()): Promise<boolean> {
  const known = await updateGuideAccountStatus(account.id, accountStatusOf(account), reminderEmail, new Date(), db);
  if (known) kickOutbox();
  return known;
}

export type OnboardingStart = { ok: true; url: string } | { ok: false; reason: 'disabled' | 'unavailable' };

/**
 * Stripe's onboarding page for a guide's Express account (Account Links): the account is created
 * once (idempotency key per guide, then kept in guide_stripe_accounts), and each click gets a new
 * link (links are single-use and short-lived). Stripe brings the guide back to the guide area.
 */
export async function startStripeOnboarding(guide: { id: number; countryCode: string; email: string | null }, locale: Locale, db: Database = getDb()): Promise<OnboardingStart> {
  const stripe = stripeClient();
  if (!stripe) return { ok: false, reason: 'disabled' };
  try {
    let account = await getGuideStripeAccount(guide.id, db);
    if (!account) {
      const created = await stripe.accounts.create(
        {
          type: 'express',
          country: guide.countryCode,
          ...(guide.email ? { email: guide.email } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { guideId: String(guide.id) },
        },
        { idempotencyKey: `connect-account:${guide.id}` },
      );
      account = await saveGuideStripeAccount(guide.id, created.id, db);
    }
    const back = `${env.SITE_URL}${accountPath('guide', locale)}`;
    const link = await stripe.accountLinks.create({ account: account.stripeAccountId, type: 'account_onboarding', refresh_url: `${back}&stripe=refresh#earnings`, return_url: `${back}&stripe=return#earnings` });
    return { ok: true, url: link.url };
  } catch (error) {
    logJsonLine({ level: 'error', msg: 'stripe onboarding failed', guideId: guide.id, error: stripeErrorText(error) });
    return { ok: false, reason: 'unavailable' };
  }
}

/** Asks Stripe for a guide's account (the guide came back from onboarding: the webhook may not be there yet, or comes to check it). */
export async function refreshStripeAccount(guideId: number, db: Database = getDb()): Promise<void> {
  const stripe = stripeClient();
  const account = stripe ? await getGuideStripeAccount(guideId, db) : null;
  if (!stripe || !account) return;
  try {
    await recordAccountStatus(await stripe.accounts.retrieve(account.stripeAccountId), db);
  } catch (error) {
    // An account Stripe no longer has (deleted, or made with other keys) is forgotten: the guide connects again.
    if ((error as { code?: string }).code === 'resource_missing' || (error as { code?: string }).code === 'account_invalid') {
      await forgetGuideStripeAccount(guideId, account.stripeAccountId, db);
      return;
    }
    logJsonLine({ level: 'warn', msg: 'stripe account refresh deferred', guideId, error: stripeErrorText(error) });
  }
}

/**
 * Asks Stripe for one stored movement, idempotently (its own key): a transfer of the guide's share
 * (separate charges and transfers, `transfer_group` the booking), or a reversal of part of one.
 * Confirmed at once from Stripe's answer; one Stripe refuses or cannot take now waits for the next run.
 */
async function sendMovement(stripe: Stripe, movement: GuideTransfer & { stripeTransferId: string | null }, db: Database): Promise<boolean> {
  const amount = toStripeAmount({ amountMinor: movement.amountMinor, currency: movement.currency });
  const metadata = { guideTransferId: String(movement.id), bookingRequestId: String(movement.bookingRequestId) };
  try {
    if (movement.kind === 'transfer') {
      const transfer = await stripe.transfers.create(
        { amount: amount.amount, currency: amount.currency, destination: movement.stripeAccountId, transfer_group: `booking:${movement.bookingRequestId}`, metadata },
        { idempotencyKey: movement.idempotencyKey },
      );
      return confirmGuideMovement(movement.id, { stripeId: transfer.id, balanceTransactionId: idOf(transfer.balance_transaction) }, new Date(), db);
    }
    if (!movement.stripeTransferId) return false;
    const reversal = await stripe.transfers.createReversal(movement.stripeTransferId, { amount: amount.amount, metadata }, { idempotencyKey: movement.idempotencyKey });
    return confirmGuideMovement(movement.id, { stripeId: reversal.id, balanceTransactionId: idOf(reversal.balance_transaction) }, new Date(), db);
  } catch (error) {
    logJsonLine({ level: 'warn', msg: 'stripe guide transfer deferred', guideTransferId: movement.id, error: stripeErrorText(error) });
    await deferGuideMovement(movement.id, db);
    return false;
  }
}

/**
 * The guides' payouts, one step of the payments run: for every booking whose trip ended
 * PAYOUT_DELAY_DAYS ago, the guide's share goes to their connected account (once it is verified:
 * until then it waits in owed_to_guide), and a refund after a transfer is taken back from it in
 * proportion. Movements are stored before Stripe is asked and sent with their own idempotency
 * keys, so two runs at once transfer once. `only`: one booking's.
 */
export async function runGuidePayouts(now: Date, db: Database = getDb(), only?: number): Promise<{ transferred: number; reversed: number }> {
  const stripe = stripeClient();
  const result = { transferred: 0, reversed: 0 };
  if (!stripe) return result;
  for (const bookingRequestId of await listPayoutCandidates(now, env.PAYOUT_DELAY_DAYS, 50, db, only)) await claimGuideMovement(bookingRequestId, db);
  for (const movement of await listPendingMovements(50, db, only)) {
    if (await sendMovement(stripe, movement, db)) result[movement.kind === 'transfer' ? 'transferred' : 'reversed'] += 1;
  }
  return result;
}

const metadataId = (metadata: Stripe.Metadata | null | undefined, key: string) => {
  const value = Number(metadata?.[key]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** A transfer Stripe tells of: it and each of its reversals are recorded against our rows (idempotently). */
async function recordTransfer(transfer: Stripe.Transfer, db: Database): Promise<void> {
  const own = await findGuideMovement({ id: metadataId(transfer.metadata, 'guideTransferId'), stripeId: transfer.id }, db);
  if (own?.kind === 'transfer') await confirmGuideMovement(own.id, { stripeId: transfer.id, balanceTransactionId: idOf(transfer.balance_transaction) }, new Date(), db);
  for (const reversal of transfer.reversals?.data ?? []) {
    const row = await findGuideMovement({ id: metadataId(reversal.metadata, 'guideTransferId'), stripeId: reversal.id }, db);
    if (row?.kind === 'reversal') await confirmGuideMovement(row.id, { stripeId: reversal.id, balanceTransactionId: idOf(reversal.balance_transaction) }, new Date(), db);
  }
}

/**
 * The Connect events (account.updated, transfer.*, payout.* of connected accounts: `event.account`),
 * handled like the payment events: once each (stripe_events), idempotent, reading current state, so
 * any order ends the same. Returns whether the event is one of these.
 */
export async function applyConnectEvent(event: Stripe.Event, db: Database): Promise<boolean> {
  if (event.type === 'account.updated') {
    await recordAccountStatus(event.data.object, db);
    return true;
  }
  if (event.type === 'transfer.created' || event.type === 'transfer.updated' || event.type === 'transfer.reversed') {
    await recordTransfer(event.data.object, db);
    return true;
  }
  if (event.type.startsWith('payout.') && event.account) {
    const payout = event.data.object as Stripe.Payout;
    const money = fromStripeAmount({ amount: payout.amount, currency: payout.currency });
    await recordGuidePayout(
      { id: payout.id, account: event.account, status: payout.status, amountMinor: money.amountMinor, currency: money.currency, arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null, createdAt: new Date(payout.created * 1000) },
      db,
    );
    return true;
  }
  return false;
}

export type BalanceMismatch = { guideTransferId: number; stripeId: string; reason: 'missingAtStripe' | 'amountDiffers' };

/**
 * The reconciliation of the guides' movements with Stripe: every transfer and reversal the ledger
 * recorded must appear among the platform's balance transactions (by its source id) for the same
 * amount, taken out for a transfer and put back for a reversal. Returns what differs (logged).
 */
export async function reconcileGuideMovements(db: Database = getDb(), limit = 100): Promise<BalanceMismatch[]> {
  const stripe = stripeClient();
  if (!stripe) return [];
  const recorded = await listConfirmedMovements(limit, db);
  if (recorded.length === 0) return [];
  const bySource = new Map<string, Stripe.BalanceTransaction>();
  for (const type of ['transfer', 'transfer_refund'] as const) {
    for await (const transaction of stripe.balanceTransactions.list({ type, limit: 100 })) {
      const source = idOf(transaction.source as string | { id: string } | null);
      if (source) bySource.set(source, transaction);
      if (bySource.size >= limit * 4) break;
    }
  }
  const mismatches: BalanceMismatch[] = [];
  for (const movement of recorded) {
    const transaction = movement.stripeId ? bySource.get(movement.stripeId) : undefined;
    if (!movement.stripeId || !transaction) {
      mismatches.push({ guideTransferId: movement.id, stripeId: movement.stripeId ?? '', reason: 'missingAtStripe' });
      continue;
    }
    const amount = toStripeAmount({ amountMinor: movement.amountMinor, currency: movement.currency }).amount;
    if (transaction.amount !== (movement.kind === 'transfer' ? -amount : amount)) mismatches.push({ guideTransferId: movement.id, stripeId: movement.stripeId, reason: 'amountDiffers' });
  }
  for (const mismatch of mismatches) logJsonLine({ level: 'error', msg: 'guide transfer differs from stripe', ...mismatch });
  return mismatches;
}
