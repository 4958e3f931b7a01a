import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShape, newToken, normalizeEmail, safeNextPath } from '@/lib/auth/tokens';

describe('sign-in and session tokens', () => {
  it('are random, URL-safe and of one shape', () => {
    const tokens = Array.from({ length: 200 }, newToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) expect(isTokenShape(token)).toBe(true);
  });

  it('are stored as their SHA-256 only', () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([undefined, '', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 'a'.repeat(31), 'a'.repeat(33), "a'; DROP TABLE sessions;--"])('refuses %j', (value) => {
    expect(isTokenShape(value)).toBe(false);
  });

  it('keys accounts by one spelling of the address', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('where a link leads after signing in', () => {
  it.each([
    ['/account/bookings?lan=fr', '/account/bookings?lan=fr'],
    ['/fr/trip/tour-du-mont-blanc', '/fr/trip/tour-du-mont-blanc'],
    ['https://evil.example/', '/fallback'],
    ['//evil.example/path', '/fallback'],
    ['/\\evil.example', '/fallback'],
    ['javascript:alert(1)', '/fallback'],
    ['/path\r\nSet-Cookie: x=1', '/fallback'],
    [42, '/fallback'],
    // Non-ASCII and spaces are percent-encoded (a Location header takes no other), never a 500.
    ['/fr/voyage/cime-é', '/fr/voyage/cime-%C3%A9'],
    ['/account/bookings?lan=fr&q=été à', '/account/bookings?lan=fr&q=%C3%A9t%C3%A9%20%C3%A0'],
    ['/\u2028x', '/%E2%80%A8x'],
    ['/.//evil.example', '/fallback'],
    ['/a/..//evil.example', '/fallback'],
  ])('%j → %j', (next, expected) => {
    expect(safeNextPath(next, '/fallback')).toBe(expected);
  });
});
