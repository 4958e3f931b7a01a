import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
  const replays = new Map<string, { status: number; body: unknown }>();
  const events: FakeStripe['events'] = [];
  const requests: FakeStripe['requests'] = [];
  let baseUrl = '';
  let delivered = 0;
  let delivering: Promise<void> = Promise.resolve();
  // Events go out one after the other, oldest first, whoever asks.
  const deliverPending = () => {
    delivering = delivering.then(async () => {
      while (options.deliver && delivered < events.length) {
        const event = events[delivered]!;
        delivered += 1;
        await options.deliver(event).catch(() => undefined);
      }
    });
    return delivering;
  };

  const emit = (type: string, object: Record<string, unknown>) => {
    const event = { id: newId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: '2025-01-01', data: { object: structuredClone(object) } };
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
      emit('refund.created', refund);
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No fake for ${method} ${path}` } } };
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
