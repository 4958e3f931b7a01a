// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createFormatter, createTranslator } from 'use-intl/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThreadCard } from '@/components/account/thread-card';
import { formatMoney } from '@/lib/money/format';
import type { RequestThread } from '@/lib/db/queries/account-requests';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const messages = { en, es, fr };
vi.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'es' | 'fr'; namespace: 'Account' }) => createTranslator({ locale, messages: messages[locale], namespace }),
  getFormatter: async ({ locale }: { locale: 'en' | 'es' | 'fr' }) => createFormatter({ locale, timeZone: 'UTC' }),
}));
afterEach(cleanup);
/** A label as Testing Library reads the page: every run of spaces (no-break ones included) as one space. */
const seen = (text: string) => text.replace(/\s+/g, ' ');

type Booking = Extract<RequestThread, { kind: 'booking' }>;
const now = new Date('2031-01-10T12:00:00Z');
const payment = { online: true, remainderDaysBefore: 14 };
const booking = (values: Partial<Booking>): Booking => ({
  kind: 'booking',
  id: 9,
  reference: 'K7Q4MZ2T',
  createdAt: new Date('2031-01-10T08:00:00Z'),
  locale: 'en',
  email: 'ada@example.com',
  trip: { id: 3, title: 'Tour du Mont Blanc', slug: 'tour-du-mont-blanc' },
  guideName: 'Anna Berger',
  replyHours: 12,
  guide: { name: 'Anna Berger', email: 'anna@example.com', emailLocale: 'en' },
  messages: [],
  tripId: 3,
  tripCurrency: 'EUR',
  name: 'Ada Lovelace',
  phone: '+33612345678',
  travellers: 2,
  days: 5,
  startsOn: null,
  endsOn: null,
  openGroupStartsOn: null,
  openGroupDurationDays: null,
  comment: 'Flexible in June.',
  status: 'sent',
  currency: 'EUR',
  totalMinor: null,
  proposal: null,
  accepted: null,
  review: null,
  reviewInvited: false,
  guideTotal: null,
  paymentInstructions: null,
  ...values,
});
const proposed = booking({ status: 'dates_proposed', proposal: { startsOn: '2031-06-10', endsOn: '2031-06-14', totalMinor: 180000, currency: 'EUR' } });
const conversation = () => within(screen.getByRole('region', { name: en.Account.conversation.title }));

describe('a request’s conversation says what its badge says', () => {
  it('calls a proposal without a message an answer, for the guide and the traveller', async () => {
    render(await ThreadCard({ thread: proposed, locale: 'en', viewer: 'guide', now, payment }));
    expect(screen.getByText(en.Account.guide.answered)).toBeInTheDocument();
    expect(screen.getByTestId('proposal')).toBeInTheDocument();
    expect(conversation().getByTestId('conversation-empty')).toHaveTextContent('Anna Berger answered with the dates and price proposed above.');
    expect(screen.queryByText(/No answer yet/)).toBeNull();
    cleanup();
    render(await ThreadCard({ thread: proposed, locale: 'es', viewer: 'traveller', now, payment }));
    expect(screen.getByTestId('request-status')).toHaveTextContent(es.Account.statuses.dates_proposed);
    expect(screen.getByTestId('conversation-empty')).toHaveTextContent('Anna Berger ha respondido proponiendo las fechas y el precio de arriba.');
  });

  it('says “no answer yet” only while the guide has not answered, and nothing of an answer for a request closed without one', async () => {
    render(await ThreadCard({ thread: booking({}), locale: 'en', viewer: 'guide', now, payment }));
    expect(screen.getByTestId('reply-wait')).toBeInTheDocument();
    expect(conversation().getByTestId('conversation-empty')).toHaveTextContent('No answer yet. Anna Berger usually answers within 12 hours.');
    cleanup();
    render(await ThreadCard({ thread: booking({ status: 'cancelled' }), locale: 'en', viewer: 'traveller', now, payment }));
    expect(screen.getByTestId('conversation-empty')).toHaveTextContent(en.Account.conversation.none);
  });

  it('keeps a cancelled request’s total but nothing more to pay', async () => {
    const priced = { totalMinor: 200000, depositMinor: 60000, remainderMinor: 140000 };
    render(await ThreadCard({ thread: booking(priced), locale: 'en', viewer: 'traveller', now, payment }));
    expect(screen.getByText(seen(en.Payment.deposit))).toBeInTheDocument();
    cleanup();
    render(await ThreadCard({ thread: booking({ ...priced, status: 'cancelled' }), locale: 'en', viewer: 'traveller', now, payment }));
    expect(screen.getByText(en.Account.fields.total)).toBeInTheDocument();
    expect(screen.getByText(/€2,000/)).toBeInTheDocument();
    expect(screen.queryByText(seen(en.Payment.deposit))).toBeNull();
    expect(screen.queryByText(seen(en.Payment.remainder))).toBeNull();
  });

  it('states a quote still waiting in the trip’s currency to the guide, in the traveller’s to the traveller', async () => {
    // Asked from the US on a trip priced in euros: the traveller saw dollars, the guide's e-mail euros.
    const asked = booking({ totalMinor: 232000, currency: 'USD', guideTotal: { amountMinor: 200000, currency: 'EUR' } });
    render(await ThreadCard({ thread: asked, locale: 'en', viewer: 'guide', now, payment }));
    expect(screen.getByText('€2,000')).toBeInTheDocument();
    expect(screen.queryByText(/\$2,320/)).toBeNull();
    cleanup();
    render(await ThreadCard({ thread: asked, locale: 'en', viewer: 'traveller', now, payment }));
    expect(screen.getByText('$2,320')).toBeInTheDocument();
  });

  it('shows the messages once there are any', async () => {
    render(await ThreadCard({ thread: { ...proposed, messages: [{ id: 1, authorRole: 'guide', body: 'June works: here are the dates.', createdAt: now }] }, locale: 'en', viewer: 'traveller', now, payment }));
    expect(conversation().getByTestId('thread-message')).toHaveTextContent('June works: here are the dates.');
    expect(screen.queryByTestId('conversation-empty')).toBeNull();
  });
});

describe('a booking’s card shows its terms', () => {
  // Asked: 1–10 July, 7,269 EUR; the guide proposed 2–11 July for 6,900 EUR and the traveller accepted.
  const asked = { startsOn: '2031-07-01', endsOn: '2031-07-10', days: 10, totalMinor: 726900 };
  const offer = { startsOn: '2031-07-02', endsOn: '2031-07-11', totalMinor: 690000, currency: 'EUR' };
  const facts = () => Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

  it('headlines the agreed dates and price once accepted, and keeps what was asked in the history', async () => {
    const agreed = booking({ ...asked, status: 'confirmed', proposal: offer, accepted: { amountMinor: 690000, currency: 'EUR' } });
    for (const [locale, m, viewer] of [['en', en, 'traveller'], ['fr', fr, 'guide'], ['es', es, 'traveller']] as const) {
      render(await ThreadCard({ thread: agreed, locale, viewer, now, payment }));
      const money = (amountMinor: number) => formatMoney({ amountMinor, currency: 'EUR' }, locale);
      const row = facts();
      expect(row[m.Account.fields.dates]).toMatch(/2.*11/);
      expect(row[m.Account.fields.days]).toBe('10');
      expect(row[m.Account.fields.total]).toBe(money(690000));
      expect(row[m.Payment.deposit]).toBe(money(207000));
      expect(row[m.Payment.remainder]).toContain(money(483000));
      expect(Object.values(row).join(' ')).not.toContain(money(726900));
      // No grey "Proposed" line under the old headline: what was asked is in the history.
      expect(screen.queryByTestId('proposal')).toBeNull();
      expect(within(screen.getByRole('region', { name: m.Account.conversation.title })).getByTestId('asked-terms').textContent).toContain(money(726900));
      cleanup();
    }
  });

  it('headlines what was asked while a proposal waits, with the proposal beside it and the payment story', async () => {
    render(await ThreadCard({ thread: booking({ ...asked, status: 'dates_proposed', proposal: offer }), locale: 'en', viewer: 'traveller', now, payment }));
    expect(facts()[en.Account.fields.total]).toBe('€7,269');
    expect(screen.getByTestId('proposal')).toHaveTextContent('€6,900');
    expect(screen.queryByTestId('asked-terms')).toBeNull();
    expect(screen.getByTestId('payment-story')).toHaveTextContent('Nothing to pay until the guide confirms. Then you pay the deposit of €2,180.70 (30 %) online');
  });

  it('states the guide’s instructions, amounts and days when online payment is off', async () => {
    render(await ThreadCard({ thread: booking({ ...asked }), locale: 'en', viewer: 'traveller', now, payment: { online: false, remainderDaysBefore: 14 } }));
    expect(screen.getByTestId('payment-story')).toHaveTextContent('the guide sends you payment instructions: a deposit of €2,180.70 (30 %) at once, and the remainder of €5,088.30 (70 %) on June 17, 2031.');
  });
});
