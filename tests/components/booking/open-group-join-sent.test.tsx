// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenGroupJoinSent } from '@/components/booking/open-group-join-sent';
import type { OpenGroupJoinAnswer } from '@/lib/forms/schemas';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

afterEach(cleanup);

const messages = { en, fr, es } as const;
const answer = (overrides: Partial<OpenGroupJoinAnswer>): OpenGroupJoinAnswer => ({ reference: 'K7Q4-MZ2T', status: 'held', holdUntil: '2031-03-01T10:30:00.000Z', holdMinutes: 30, travellers: 2, existing: false, ...overrides });

function renderSent(locale: keyof typeof messages, result: OpenGroupJoinAnswer) {
  render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Europe/Paris">
      <OpenGroupJoinSent result={result} email="ana@example.com" />
    </NextIntlClientProvider>,
  );
  return { title: screen.getByRole('heading').textContent, text: screen.getByTestId('join-outcome').textContent ?? '' };
}

describe.each(['en', 'fr', 'es'] as const)('the join’s thank-you in %s', (locale) => {
  const m = messages[locale].OpenGroupJoin;
  const deadline = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date('2031-03-01T10:30:00.000Z'));

  it('held seats: asks to confirm, with the hold’s length and deadline', () => {
    const { title, text } = renderSent(locale, answer({}));
    expect(title).toBe(m.heldTitle);
    expect(text).toContain(deadline);
    expect(text).toContain('30');
    expect(text).toContain('ana@example.com');
  });

  it('tells one story in heading and text, whatever the status', () => {
    expect(renderSent(locale, answer({ status: 'confirmed', holdUntil: null }))).toEqual({ title: m.joinedTitle, text: m.joinedText.replace('{email}', 'ana@example.com') });
    cleanup();
    expect(renderSent(locale, answer({ status: 'waitlisted', holdUntil: null }))).toEqual({ title: m.waitlistedTitle, text: m.waitlistedText.replace('{email}', 'ana@example.com') });
    cleanup();
    const waiting = renderSent(locale, answer({ status: 'waitlisted' }));
    expect(waiting.title).toBe(m.waitlistedTitle);
    expect(waiting.text).toContain(deadline);
    cleanup();
    // The address's earlier join: said so, with where it stands.
    expect(renderSent(locale, answer({ status: 'confirmed', holdUntil: null, existing: true }))).toEqual({ title: m.alreadyTitle, text: m.joinedText.replace('{email}', 'ana@example.com') });
  });
});
