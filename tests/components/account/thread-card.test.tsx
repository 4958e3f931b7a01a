// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createFormatter, createTranslator } from 'use-intl/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThreadCard } from '@/components/account/thread-card';
import type { RequestThread } from '@/lib/db/queries/account-requests';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const messages = { en, es };
vi.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'es'; namespace: 'Account' }) => createTranslator({ locale, messages: messages[locale], namespace }),
  getFormatter: async ({ locale }: { locale: 'en' | 'es' }) => createFormatter({ locale, timeZone: 'UTC' }),
}));
afterEach(cleanup);

type Booking = Extract<RequestThread, { kind: 'booking' }>;
const now = new Date('2031-01-10T12:00:00Z');
const booking = (values: Partial<Booking>): Booking => ({
  kind: 'booking',
  id: 9,
  reference: 'K7Q4MZ2T',
  createdAt: new Date('2031-01-10T08:00:00Z'),
  locale: 'en',
  email: 'ada@example.com',
  trip: { id: 3, title: 'Tour du Mont Blanc', slug: 'tour-du-mont-blanc' },
  guideName: 'Anna Berger',
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
  depositMinor: null,
  remainderMinor: null,
  proposal: null,
  review: null,
  ...values,
});
const proposed = booking({ status: 'dates_proposed', proposal: { startsOn: '2031-06-10', endsOn: '2031-06-14', totalMinor: 180000, currency: 'EUR' } });
const conversation = () => within(screen.getByRole('region', { name: en.Account.conversation.title }));

describe('a request’s conversation says what its badge says', () => {
  it('calls a proposal without a message an answer, for the guide and the traveller', async () => {
    render(await ThreadCard({ thread: proposed, locale: 'en', viewer: 'guide', now }));
    expect(screen.getByText(en.Account.guide.answered)).toBeInTheDocument();
    expect(screen.getByTestId('proposal')).toBeInTheDocument();
    expect(conversation().getByTestId('conversation-empty')).toHaveTextContent('Anna Berger answered with the dates and price proposed above.');
    expect(screen.queryByText(/No answer yet/)).toBeNull();
    cleanup();
    render(await ThreadCard({ thread: proposed, locale: 'es', viewer: 'traveller', now }));
    expect(screen.getByTestId('request-status')).toHaveTextContent(es.Account.statuses.dates_proposed);
    expect(screen.getByTestId('conversation-empty')).toHaveTextContent('Anna Berger ha respondido proponiendo las fechas y el precio de arriba.');
  });

  it('says “no answer yet” only while the guide has not answered, and nothing of an answer for a request closed without one', async () => {
    render(await ThreadCard({ thread: booking({}), locale: 'en', viewer: 'guide', now }));
    expect(screen.getByTestId('reply-wait')).toBeInTheDocument();
    expect(conversation().getByTestId('conversation-empty')).toHaveTextContent('No answer yet. Anna Berger usually answers within 24 hours.');
    cleanup();
    render(await ThreadCard({ thread: booking({ status: 'cancelled' }), locale: 'en', viewer: 'traveller', now }));
    expect(screen.getByTestId('conversation-empty')).toHaveTextContent(en.Account.conversation.none);
  });

  it('keeps a cancelled request’s total but nothing more to pay', async () => {
    const priced = { totalMinor: 200000, depositMinor: 60000, remainderMinor: 140000 };
    render(await ThreadCard({ thread: booking(priced), locale: 'en', viewer: 'traveller', now }));
    expect(screen.getByText(en.Account.fields.deposit)).toBeInTheDocument();
    cleanup();
    render(await ThreadCard({ thread: booking({ ...priced, status: 'cancelled' }), locale: 'en', viewer: 'traveller', now }));
    expect(screen.getByText(en.Account.fields.total)).toBeInTheDocument();
    expect(screen.getByText(/€2,000/)).toBeInTheDocument();
    expect(screen.queryByText(en.Account.fields.deposit)).toBeNull();
    expect(screen.queryByText(en.Account.fields.remainder)).toBeNull();
  });

  it('shows the messages once there are any', async () => {
    render(await ThreadCard({ thread: { ...proposed, messages: [{ id: 1, authorRole: 'guide', body: 'June works: here are the dates.', createdAt: now }] }, locale: 'en', viewer: 'traveller', now }));
    expect(conversation().getByTestId('thread-message')).toHaveTextContent('June works: here are the dates.');
    expect(screen.queryByTestId('conversation-empty')).toBeNull();
  });
});
