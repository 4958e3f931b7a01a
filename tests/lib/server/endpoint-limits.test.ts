import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The route handlers of the destination suggestions, the search's results and the social images under their per-client
 * limits (lib/server/endpoint-limit.ts), with the limiter in memory and small allowances. The
 * image renderer is a fake that counts its renders: a kept image costs none; the search pool is a
 * fake that is always busy (its 503 is an answer the allowance counts).
 */
const fake = vi.hoisted(() => {
  process.env.RATE_LIMIT_SUGGEST_PER_MINUTE = '3';
  process.env.RATE_LIMIT_SOCIAL_IMAGES_PER_MINUTE = '2';
  process.env.RATE_LIMIT_SEARCH_PER_MINUTE = '2';
  process.env.LOG_LEVEL = 'silent';
  return { renders: 0 };
});
vi.mock('@/lib/db/queries/suggest', () => ({ suggestDestinations: async () => ({ items: [], complete: true }) }));
vi.mock('next-intl/server', () => ({ getTranslations: async ({ locale }: { locale: string }) => (key: string, values?: Record<string, unknown>) => `${locale}:${key}:${JSON.stringify(values ?? {})}` }));
vi.mock('@/lib/server/cached-queries', () => ({ searchTripsOnce: async () => null }));
vi.mock('@/lib/server/pricing-context', () => ({ getPricingContext: async () => ({ conversion: {} }) }));
vi.mock('next/og', () => ({
  ImageResponse: class extends Response {
    constructor() {
      fake.renders += 1;
      super(new Uint8Array([0x89, 0x50, 0x4e, 0x47, fake.renders]), { headers: { 'content-type': 'image/png' } });
    }
  },
}));

const { SOCKET_ADDRESS_HEADER } = await import('@/lib/geo/socket-address');
const { GET: suggest } = await import('@/app/api/suggest/route');
const { GET: socialImage } = await import('@/app/og/[...path]/route');
const { GET: searchData } = await import('@/app/api/search/route');
const { rateLimiter } = await import('@/lib/server/form-guard');
afterAll(() => rateLimiter().close());

const from = (address: string, path: string) => new Request(`http://127.0.0.1:3000${path}`, { headers: { [SOCKET_ADDRESS_HEADER]: address } });
const image = (address: string, shape: string[]) => socialImage(from(address, `/og/${shape.join('/')}`), { params: Promise.resolve({ path: shape }) });

describe('per-client limits of the endpoints without a form', () => {
  it('answers the suggestions until the client’s allowance is spent, then 429 with Retry-After and no caching', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await suggest(from('203.0.113.1', '/api/suggest?q=cham&locale=fr'))).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await suggest(from('203.0.113.1', '/api/suggest?q=cham&locale=fr'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'rateLimited' });
    // Another client is not concerned.
    expect((await suggest(from('203.0.113.2', '/api/suggest?q=cham&locale=fr'))).status).toBe(200);
  });

  it('answers the search as data until the client’s allowance is spent, then 429 with a localized message', async () => {
    const path = '/api/search?query=trek&locale=fr&currency=EUR-fallback';
    expect((await searchData(from('203.0.113.7', path))).status).toBe(503);
    expect((await searchData(from('203.0.113.7', path))).status).toBe(503);
    const refused = await searchData(from('203.0.113.7', path));
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'rateLimited', message: `fr:rateLimited:${JSON.stringify({ seconds })}` });
    // The client address is the socket's (no trusted proxy here): a forwarded header is not a new client.
    const spoofed = new Request(`http://127.0.0.1:3000${path}`, { headers: { [SOCKET_ADDRESS_HEADER]: '203.0.113.7', 'x-forwarded-for': '192.0.2.55' } });
    expect((await searchData(spoofed)).status).toBe(429);
    expect((await searchData(from('203.0.113.8', path))).status).toBe(503);
  });

  it('renders a social image once: a repeated one costs no render and no allowance, cacheable for a year', async () => {
    const cover = ['trips', 'alps-mont-blanc-ascent', 'cover.png'];
    const [first, second] = await Promise.all([image('198.51.100.1', cover), image('198.51.100.2', cover)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(fake.renders).toBe(1);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (let i = 0; i < 10; i += 1) expect((await image('198.51.100.1', cover)).status).toBe(200);
    expect(fake.renders).toBe(1);
    expect(new Uint8Array(await (await image('198.51.100.3', cover)).arrayBuffer())).toEqual(new Uint8Array(await first.arrayBuffer()));
  });

  it('counts renders and looks for missing pictures per client: past the allowance 429', async () => {
    const client = '198.51.100.9';
    expect((await image(client, ['trips', 'alps-mont-blanc-ascent', 'photos', '1.png'])).status).toBe(200);
    expect((await image(client, ['trips', 'no-such-trip', 'cover.png'])).status).toBe(404);
    const refused = await image(client, ['trips', 'alps-mont-blanc-ascent', 'photos', '5.png']);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // What is already rendered is still served to that client; a path that names no picture costs nothing.
    expect((await image(client, ['trips', 'alps-mont-blanc-ascent', 'photos', '1.png'])).status).toBe(200);
    expect((await image(client, ['..', 'secrets.png'])).status).toBe(404);
    expect((await image('198.51.100.10', ['trips', 'alps-mont-blanc-ascent', 'photos', '5.png'])).status).toBe(200);
  });
});
