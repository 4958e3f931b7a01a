// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TripFactsForm, type TripFactsOptions } from '@/components/account/trip-facts-form';
import { TripTextsForm } from '@/components/account/trip-texts-form';
import type { FormState } from '@/lib/forms/errors';
import messages from '@/messages/fr.json';
import { answersSent, sentValues } from '../../support/form-post';

/* The trip editor's facts and texts: server-drawn forms that keep what was typed and show the server's refusals. */

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
afterEach(cleanup);

const inFrench = (children: ReactNode) => (
  <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
    {children}
  </NextIntlClientProvider>
);
const t = messages.TripAuthoring;
const options: TripFactsOptions = {
  activities: [
    { value: 'trekking', label: 'Trek' },
    { value: 'hiking', label: 'Randonnée' },
  ],
  tripTypes: [{ value: 'group', label: 'Groupe' }],
  languages: [
    { value: 'fr', label: 'français' },
    { value: 'en', label: 'anglais' },
  ],
  skillLevels: [{ value: 'intermediate', label: 'Occasionnel' }],
  tripLevels: [{ value: 'easy', label: 'Facile' }],
  pricingModes: [{ value: 'per_trip', label: 'Par voyage' }],
  currencies: [{ value: 'EUR', label: 'EUR' }],
  itemGroups: [{ label: 'Encadrement', items: [{ value: 'guiding_fee', label: 'Guide' }] }],
};
const values = {
  title: '',
  place: '',
  activities: { trekking: false, hiking: false },
  tripType: 'group',
  languages: { fr: false, en: false },
  skillLevel: 'intermediate',
  fitnessLevel: 'intermediate',
  tripLevel: 'easy',
  durationDays: 1,
  minDays: 1,
  maxGroupSize: 8,
  pricingMode: 'per_trip',
  currency: 'EUR',
  discountPercent: 0,
  included: { guiding_fee: false },
  notIncluded: { guiding_fee: false },
};

/** An action that refuses as validatedAction does: the server's messages, and what was sent. */
const refuses = (fieldErrors: Record<string, string>) =>
  vi.fn(async (_state: FormState<{ ok: true; id: number }>, formData: FormData): Promise<FormState<{ ok: true; id: number }>> => ({
    status: 'refused',
    formError: messages.Forms.errors.checkData,
    fieldErrors,
    values: Object.fromEntries([...formData.entries()].map(([name, value]) => [name, String(value)])),
    result: null,
  }));

describe("the new trip's server HTML", () => {
  it('names one checkbox per choice and disables nothing, so it posts before its code runs', () => {
    const html = renderToString(inFrench(<TripFactsForm tripId={null} values={values} options={options} titleLabel="Titre en français" action={answersSent({ ok: true as const, id: 9 })} />));
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('[name="activities.trekking"]')?.getAttribute('type')).toBe('checkbox');
    expect(page.querySelector('[name="included.guiding_fee"]')).not.toBeNull();
    expect(page.querySelector('[name="notIncluded.guiding_fee"]')).not.toBeNull();
    expect(page.querySelector('[name="tripId"]')).toBeNull();
    expect(page.querySelectorAll('[disabled]')).toHaveLength(0);
  });
});

describe("a guide's new trip", { timeout: 15_000 }, () => {
  it('shows the refusal beside its fields and keeps what was typed and ticked', async () => {
    const action = refuses({ activities: messages.Forms.errors.activitiesRequired, place: messages.Forms.errors.placeNotFound });
    render(inFrench(<TripFactsForm tripId={null} values={values} options={options} titleLabel="Titre en français" action={action} />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Titre en français'), 'Tour des Écrins');
    await user.type(screen.getByLabelText(t.facts.place), 'Nulle-part');
    await user.click(screen.getByRole('checkbox', { name: 'français' }));
    await user.click(screen.getByRole('button', { name: t.newTrip.create }));
    expect(await screen.findByText(messages.Forms.errors.placeNotFound, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(messages.Forms.errors.activitiesRequired)).toBeInTheDocument();
    expect(sentValues(action)).toEqual(expect.objectContaining({ title: 'Tour des Écrins', place: 'Nulle-part', languages: { fr: 'on' } }));
    expect(screen.getByLabelText('Titre en français')).toHaveValue('Tour des Écrins');
    expect(screen.getByRole('checkbox', { name: 'français' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'anglais' })).not.toBeChecked();
    expect(screen.getByLabelText(t.facts.place)).toHaveAttribute('aria-invalid', 'true');
  });

  it('links to the editor of the trip created', async () => {
    render(inFrench(<TripFactsForm tripId={null} values={values} options={options} titleLabel="Titre" editorHref="/account/trip?lan=fr&id={id}" action={answersSent({ ok: true as const, id: 42 })} />));
    await userEvent.setup().click(screen.getByRole('button', { name: t.newTrip.create }));
    expect(await screen.findByRole('link', { name: t.newTrip.open }, { timeout: 5000 })).toHaveAttribute('href', '/account/trip?lan=fr&id=42');
  });
});

describe("a trip's texts", { timeout: 15_000 }, () => {
  const texts = { title: 'Tour des Écrins', slug: 'tour-des-ecrins', summary: '', description: '', region: '', itinerary: 'Jour 1\nMontée.', faq: '', why: '', information: '', assistance: '' };

  it('sends its language and trip with the texts, and says it is saved', async () => {
    const action = answersSent({ ok: true as const, id: 5 });
    render(inFrench(<TripTextsForm tripId={5} textLocale="es" language="espagnol" values={texts} action={action} />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t.texts.summary), 'Six jours autour du massif.');
    await user.click(screen.getByRole('button', { name: t.texts.save.replace('{language}', 'espagnol') }));
    expect(await screen.findByRole('status', undefined, { timeout: 5000 })).toHaveTextContent(t.texts.saved);
    expect(sentValues(action)).toEqual(expect.objectContaining({ tripId: '5', textLocale: 'es', summary: 'Six jours autour du massif.', itinerary: 'Jour 1\nMontée.' }));
  });

  it('marks a slug another trip has, keeping the texts typed', async () => {
    const action = refuses({ slug: messages.Forms.errors.slugTaken });
    render(inFrench(<TripTextsForm tripId={5} textLocale="fr" language="français" values={texts} action={action} />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t.texts.description), 'Le grand tour.');
    await user.click(screen.getByRole('button', { name: t.texts.save.replace('{language}', 'français') }));
    expect(await screen.findByText(messages.Forms.errors.slugTaken, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText(t.texts.slug, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(t.texts.description)).toHaveValue('Le grand tour.');
  });
});
