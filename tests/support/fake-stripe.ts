import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import Stripe from 'stripe';

/**
 * A local stand-in for the subset of Stripe's API the site calls, on 127.0.0.1, spoken to by the
 * real SDK (STRIPE_API_BASE): Customers, Checkout Sessions, PaymentIntents (off-session charges),
 * PaymentMethods (by their test ids) and Refunds (never more than a charge holds), with
 * Idempotency-Key replay. An expired Checkout Session (Stripe's clock, or `checkout.sessions.expire`,
 * which only an open one accepts) can never be paid afterwards. Its hosted page
 * (`/pay/<session>`) can succeed, fail or ask for authentication; each outcome produces the events
 * Stripe would send, signed with the SDK's own test-header helper, and `deliver` posts them.
 *
 * Saved cards by id: pm_card_visa charges off-session, pm_card_authenticationRequired asks for
 * authentication, pm_card_chargeDeclined is declined.
 *
 * Connect: Express accounts, Account Links (a page at `/connect/<link>` whose button completes the
 * onboarding and sends `account.updated`), transfers (never more than the platform's available
 * balance in that currency), transfer reversals (never more than a transfer still holds), payouts of
 * a connected account (`payout`, events carrying `account`), and the platform's balance
 * transactions (charge, refund, transfer, transfer_refund) listed as Stripe lists them.
 */
export type FakeStripe = {
  url: string;
  port: number;
  /** Events produced so far, oldest first, with their signed payloads. */
  events: Array<{ id: string; type: string; payload: string; header: string }>;
  sessions: Map<string, Record<string, unknown>>;
  intents: Map<string, Record<string, unknown>>;
  refunds: Map<string, Record<string, unknown>>;
  /** Every request received: method, path and the form body as parsed. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }>;
  /** Pays a Checkout Session as its hosted page would: 'succeed', 'fail' (declined) or 'authenticate' (3-D Secure passed). */
  pay: (sessionId: string, outcome: 'succeed' | 'fail' | 'authenticate') => void;
  /** Lets an open Checkout Session expire, as Stripe does after 24 hours. */
  expire: (sessionId: string) => void;
  accounts: Map<string, Record<string, unknown>>;
  transfers: Map<string, Record<string, unknown>>;
  balanceTransactions: Array<Record<string, unknown>>;
  /** Completes an account's onboarding as the guide would on Stripe's page (verified, payouts enabled). */
  completeOnboarding: (accountId: string) => void;
  /** Stripe asks a verified account for more (payouts stop until it is given). */
  requireMore: (accountId: string, fields: string[]) => void;
  /** A payout from a connected account to its bank, with its events (`account` set): created, then paid or failed. */
  payout: (accountId: string, amount: number, currency: string, outcome: 'paid' | 'failed' | 'in_transit') => string;
  /** Sends the events not delivered yet, in order. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

/** Stripe's form encoding (a[b][0][c]=d) back to an object. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** When a failed webhook delivery is tried again (Stripe's own schedule spans days). */
const DELIVERY_RETRIES_MS = [500, 1000, 2000, 4000, 8000];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A signed event as Stripe would post it to a webhook endpoint. */
export type SignedEvent = FakeStripe['events'][number];

/**
 * `port`: fixed (a standalone runner) or any free one. `deliver`: posts each event to the site, in
 * order: before the hosted page redirects back (as Stripe's webhook usually beats the traveller's
 * browser), and just after the API answered for events an API call produced.
 */
export async function startFakeStripe(options: { webhookSecret: string; port?: number; deliver?: (event: SignedEvent) => Promise<void> }): Promise<FakeStripe> {
  const signer = new Stripe('sk_test_fake_signer');
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const accountLinks = new Map<string, Record<string, unknown>>();
  const transfers = new Map<string, Record<string, unknown>>();
  const balanceTransactions: Array<Record<string, unknown>> = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const events: FakeStripe['events'] = [];
  const requests: FakeStripe['requests'] = [];
  let baseUrl = '';
  let delivered = 0;
  let delivering: Promise<void> = Promise.resolve();
  // Events go out one after the other, oldest first, whoever asks. As Stripe does, an event whose
  // delivery failed (no answer, a server error: a `deliver` that throws) is sent again later; here
  // after 0.5, 1, 2, 4 and 8 s, then it is given up and said so.
  const deliverPending = () => {
    delivering = delivering.then(async () => {
      while (options.deliver && delivered < events.length) {
        const event = events[delivered]!;
        delivered += 1;
        for (let attempt = 0; ; attempt += 1) {
          try {
            await options.deliver(event);
            break;
          } catch (error) {
            const wait = DELIVERY_RETRIES_MS[attempt];
            if (wait === undefined) {
              console.error(`fake stripe: ${event.type} ${event.id} not delivered: ${error instanceof Error ? error.message : String(error)}`);
              break;
            }
            await delay(wait);
          }
        }
      }
    });
    return delivering;
  };

  const emit = (type: string, object: Record<string, unknown>, account?: string) => {
    const event = { id: newId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: '2025-01-01', ...(account ? { account } : {}), data: { object: structuredClone(object) } };
    const payload = JSON.stringify(event);
    events.push({ id: event.id, type, payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret }) });
  };

  const cardError = (code: string, intent: Record<string, unknown> | null) => ({
    status: 402,
    body: { error: { type: 'card_error', code, message: code === 'authentication_required' ? 'This payment requires authentication.' : 'Your card was declined.', payment_intent: intent } },
  });

  function createIntent(body: Record<string, unknown>): { status: number; body: unknown } {
    const method = String(body.payment_method ?? '');
    const metadata = (body.metadata ?? {}) as Record<string, string>;
    const intent: Record<string, unknown> = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: Number(body.amount),
      amount_received: 0,
      currency: String(body.currency),
      customer: body.customer ?? null,
      payment_method: method || null,
      metadata,
      status: 'requires_payment_method',
      last_payment_error: null,
    };
    intents.set(String(intent.id), intent);
    if (method === 'pm_card_authenticationRequired') {
      intent.status = 'requires_action';
      intent.last_payment_error = { code: 'authentication_required', type: 'card_error' };
      emit('payment_intent.payment_failed', intent);
      return cardError('authentication_required', intent);
    }
    if (method !== 'pm_card_visa') {
      intent.last_payment_error = { code: 'card_declined', type: 'card_error' };
      emit('payment_intent.payment_failed', intent);
      return cardError('card_declined', intent);
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    moveBalance('charge', Number(intent.amount), String(intent.currency), String(intent.id));
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = ((body.line_items as Record<string, Record<string, unknown>>)?.['0'] ?? {}) as Record<string, Record<string, unknown>>;
      const id = newId('cs_test');
      const session: Record<string, unknown> = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `${baseUrl}/pay/${id}`,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        currency: item.price_data?.currency,
        amount_total: Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1),
        metadata: body.metadata ?? {},
        payment_intent: null,
        payment_intent_data: body.payment_intent_data ?? {},
        custom_text: body.custom_text ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        locale: body.locale ?? null,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/))) {
      const session = sessions.get(match[1]!);
      if (!session) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      // As Stripe: only an open session can be expired (a completed or expired one is refused).
      if (session.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${String(session.status)}".` } } };
      expireSession(session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      const session = sessions.get(match[1]!);
      return session ? { status: 200, body: session } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([\w]+)$/))) {
      const intent = intents.get(match[1]!);
      return intent ? { status: 200, body: intent } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_methods\/([\w]+)$/))) {
      return { status: 200, body: { id: match[1], object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent || intent.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable' } } };
      // As Stripe: never more back than the charge still holds.
      const left = Number(intent.amount_received) - [...refunds.values()].filter((made) => made.payment_intent === intent.id).reduce((sum, made) => sum + Number(made.amount), 0);
      if (left <= 0) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded' } } };
      const amount = Number(body.amount ?? left);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) return { status: 400, body: { error: { type: 'invalid_request_error', param: 'amount', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})` } } };
      const refund = { id: newId('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', metadata: body.metadata ?? {} };
      refunds.set(refund.id, refund);
      moveBalance('refund', -amount, String(intent.currency), refund.id);
      emit('refund.created', refund);
      return { status: 200, body: refund };
    }
    const connect = connectRoute(method, path, body);
    if (connect) return connect;
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No fake for ${method} ${path}` } } };
  }

  const missing = { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
  const available = (currency: string) => balanceTransactions.filter((made) => made.currency === currency).reduce((sum, made) => sum + Number(made.amount), 0);
  function moveBalance(type: string, amount: number, currency: string, source: string) {
    const transaction = { id: newId('txn'), object: 'balance_transaction', type, amount, net: amount, fee: 0, currency: currency.toLowerCase(), source, created: Math.floor(Date.now() / 1000), status: 'available' };
    balanceTransactions.push(transaction);
    return transaction;
  }

  function connectRoute(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } | null {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: newId('acct'),
        object: 'account',
        type: body.type ?? 'express',
        country: body.country ?? null,
        email: body.email ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'], past_due: [], eventually_due: [] },
        capabilities: { transfers: 'inactive' },
        metadata: body.metadata ?? {},
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/accounts\/([\w]+)$/))) return accounts.get(match[1]!) ? { status: 200, body: accounts.get(match[1]!) } : missing;
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(String(body.account))) return missing;
      const id = newId('link');
      const link = { object: 'account_link', url: `${baseUrl}/connect/${id}`, created: Math.floor(Date.now() / 1000), expires_at: Math.floor(Date.now() / 1000) + 300, account: body.account, return_url: body.return_url, refresh_url: body.refresh_url };
      accountLinks.set(id, link);
      return { status: 200, body: link };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const amount = Number(body.amount);
      const currency = String(body.currency).toLowerCase();
      const destination = accounts.get(String(body.destination));
      if (!destination) return missing;
      if (!destination.payouts_enabled) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'account_invalid', message: 'The destination account needs its requirements completed.' } } };
      if (!Number.isSafeInteger(amount) || amount <= 0) return { status: 400, body: { error: { type: 'invalid_request_error', param: 'amount' } } };
      // As Stripe: a transfer is paid from the platform's available balance in its currency.
      if (available(currency) < amount) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'Insufficient funds in Stripe account.' } } };
      const id = newId('tr');
      const transaction = moveBalance('transfer', -amount, currency, id);
      const transfer = { id, object: 'transfer', amount, amount_reversed: 0, currency, destination: destination.id, transfer_group: body.transfer_group ?? null, metadata: body.metadata ?? {}, reversed: false, balance_transaction: transaction.id, reversals: { object: 'list', data: [] as unknown[] }, created: Math.floor(Date.now() / 1000) };
      transfers.set(id, transfer);
      emit('transfer.created', transfer);
      return { status: 200, body: transfer };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/transfers\/([\w]+)$/))) return transfers.get(match[1]!) ? { status: 200, body: transfers.get(match[1]!) } : missing;
    if (method === 'POST' && (match = path.match(/^\/v1\/transfers\/([\w]+)\/reversals$/))) {
      const transfer = transfers.get(match[1]!);
      if (!transfer) return missing;
      const left = Number(transfer.amount) - Number(transfer.amount_reversed);
      const amount = Number(body.amount ?? left);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) return { status: 400, body: { error: { type: 'invalid_request_error', param: 'amount', message: `Reversal amount (${amount}) is greater than the transfer's remaining amount (${left})` } } };
      const id = newId('trr');
      const transaction = moveBalance('transfer_refund', amount, String(transfer.currency), id);
      const reversal = { id, object: 'transfer_reversal', amount, currency: transfer.currency, transfer: transfer.id, metadata: body.metadata ?? {}, balance_transaction: transaction.id, created: Math.floor(Date.now() / 1000) };
      transfer.amount_reversed = Number(transfer.amount_reversed) + amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      (transfer.reversals as { data: unknown[] }).data.push(reversal);
      emit('transfer.reversed', transfer);
      return { status: 200, body: reversal };
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      const type = body.type ? String(body.type) : null;
      const data = balanceTransactions.filter((made) => !type || made.type === type).slice().reverse();
      const limit = Math.min(100, Number(body.limit ?? 10));
      const start = body.starting_after ? data.findIndex((made) => made.id === body.starting_after) + 1 : 0;
      const page = data.slice(start, start + limit);
      return { status: 200, body: { object: 'list', url: '/v1/balance_transactions', has_more: start + limit < data.length, data: page } };
    }
    return null;
  }

  function completeOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [], eventually_due: [] }, capabilities: { transfers: 'active' } });
    emit('account.updated', account, accountId);
  }

  function requireMore(accountId: string, fields: string[]) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    Object.assign(account, { payouts_enabled: false, requirements: { currently_due: fields, past_due: [], eventually_due: fields } });
    emit('account.updated', account, accountId);
  }

  function payout(accountId: string, amount: number, currency: string, outcome: 'paid' | 'failed' | 'in_transit') {
    const created = { id: newId('po'), object: 'payout', amount, currency: currency.toLowerCase(), status: 'pending', arrival_date: Math.floor(Date.now() / 1000) + 86_400, created: Math.floor(Date.now() / 1000) };
    emit('payout.created', created, accountId);
    if (outcome !== 'in_transit') emit(`payout.${outcome}`, { ...created, status: outcome }, accountId);
    else emit('payout.updated', { ...created, status: 'in_transit' }, accountId);
    return created.id;
  }

  /** An open session closes for good: nobody can pay on it any more (pay() refuses it, as Stripe's page does). */
  function expireSession(session: Record<string, unknown>) {
    session.status = 'expired';
    emit('checkout.session.expired', session);
  }

  function pay(sessionId: string, outcome: 'succeed' | 'fail' | 'authenticate') {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`No open session ${sessionId}`);
    const data = session.payment_intent_data as { metadata?: Record<string, string> };
    const intent: Record<string, unknown> = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      customer: session.customer,
      payment_method: outcome === 'authenticate' ? 'pm_card_authenticationRequired' : 'pm_card_visa',
      metadata: data.metadata ?? {},
      status: 'requires_payment_method',
      last_payment_error: null,
    };
    intents.set(String(intent.id), intent);
    if (outcome === 'fail') {
      // A declined card stays on the hosted page: the session stays open.
      intent.last_payment_error = { code: 'card_declined', type: 'card_error' };
      emit('payment_intent.payment_failed', intent);
      return;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    moveBalance('charge', Number(intent.amount), String(intent.currency), String(intent.id));
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    emit('payment_intent.succeeded', intent);
    emit('checkout.session.completed', session);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString();
      let match: RegExpMatchArray | null;
      if (url.pathname === '/health') return response.end('ok');
      // The hosted page: three buttons, as a traveller would use them.
      if (request.method === 'GET' && (match = url.pathname.match(/^\/pay\/([\w]+)$/))) {
        const session = sessions.get(match[1]!);
        response.setHeader('content-type', 'text/html; charset=utf-8');
        if (!session) return response.writeHead(404).end('<p>No such session</p>');
        const amount = `${session.amount_total} ${String(session.currency).toUpperCase()}`;
        const custom = (session.custom_text as { submit?: { message?: string } } | null)?.submit?.message ?? '';
        return response.end(
          `<!doctype html><title>Fake Checkout</title><h1 data-testid="fake-checkout-amount">${amount}</h1><p data-testid="fake-checkout-consent">${custom.replace(/</g, '&lt;')}</p>` +
            ['succeed', 'fail', 'authenticate'].map((outcome) => `<form method="post" action="/pay/${session.id}/${outcome}"><button data-testid="fake-checkout-${outcome}">${outcome}</button></form>`).join(''),
        );
      }
      if (request.method === 'POST' && (match = url.pathname.match(/^\/pay\/([\w]+)\/(succeed|fail|authenticate)$/))) {
        try {
          pay(match[1]!, match[2] as 'succeed' | 'fail' | 'authenticate');
        } catch {
          return response.writeHead(409).end('not open');
        }
        const session = sessions.get(match[1]!)!;
        await deliverPending();
        return response.writeHead(303, { location: String(session.status === 'complete' ? session.success_url : `/pay/${session.id}`) }).end();
      }
      // Stripe's onboarding page of an Account Link: one button completes it, as a guide would.
      if (request.method === 'GET' && (match = url.pathname.match(/^\/connect\/([\w]+)$/))) {
        const link = accountLinks.get(match[1]!);
        response.setHeader('content-type', 'text/html; charset=utf-8');
        if (!link) return response.writeHead(404).end('<p>No such link</p>');
        return response.end(`<!doctype html><title>Fake Connect onboarding</title><h1>${String(link.account)}</h1><form method="post" action="/connect/${match[1]}/complete"><button data-testid="fake-connect-complete">complete</button></form>`);
      }
      if (request.method === 'POST' && (match = url.pathname.match(/^\/connect\/([\w]+)\/complete$/))) {
        const link = accountLinks.get(match[1]!);
        if (!link) return response.writeHead(404).end('no link');
        completeOnboarding(String(link.account));
        await deliverPending();
        return response.writeHead(303, { location: String(link.return_url) }).end();
      }
      // A payout of a connected account, for the e2e (the SDK has no such call: Stripe pays out on its own schedule).
      if (request.method === 'POST' && (match = url.pathname.match(/^\/test\/payouts\/([\w]+)$/))) {
        const form = parseForm(raw);
        const id = payout(match[1]!, Number(form.amount), String(form.currency), (form.outcome as 'paid' | 'failed' | 'in_transit') ?? 'paid');
        await deliverPending();
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      }
      const body = request.method === 'POST' ? parseForm(raw) : Object.fromEntries(url.searchParams);
      const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey: key });
      const replayKey = key ? `${request.method} ${url.pathname} ${key}` : null;
      const result = (replayKey && replays.get(replayKey)) || route(request.method ?? 'GET', url.pathname, body);
      if (replayKey) replays.set(replayKey, result);
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(result.body));
      void deliverPending();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    events,
    sessions,
    intents,
    refunds,
    requests,
    pay,
    expire: (sessionId: string) => {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`No open session ${sessionId}`);
      expireSession(session);
    },
    accounts,
    transfers,
    balanceTransactions,
    completeOnboarding,
    requireMore,
    payout,
    flush: deliverPending,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
