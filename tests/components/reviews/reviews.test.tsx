// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HideReviewForm } from '@/components/account/hide-review-form';
import { ReviewReplyForm } from '@/components/account/review-reply-form';
import { ReviewComment, type ReviewText } from '@/components/reviews/review-comment';
import { otherLanguage, ReviewLanguageFilter } from '@/components/reviews/review-language-filter';
import type { FormState, Submitted } from '@/lib/forms/errors';
import { submittedValues } from '@/lib/forms/form-data';
import messages from '@/messages/fr.json';
import { answersSent, sentValues } from '../../support/form-post';

/* Reviews on the trip and guide pages (language filter, translation) and the guide's and support's forms. */

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
afterEach(() => cleanup());

const inFrench = (children: ReactNode) => (
  <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
    {children}
  </NextIntlClientProvider>
);
const english: ReviewText = { key: 'review-7', comment: 'Great guide.', commentLanguage: 'en', translatedComment: null, guideRating: 5, organisationRating: 4, valueRating: null, photos: [] };
const offer = { action: vi.fn(async () => {}), back: '/fr/trip/ascension-du-toubkal' };

describe('a review on the pages', () => {
  it('marks a review in another language, and offers no translation without a DeepL key', () => {
    render(inFrench(<ReviewComment review={english} locale="fr" noComment="—" translation={null} />));
    expect(screen.getByText('Great guide.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Écrit en anglais')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('review-aspects')).toHaveTextContent('Guide : 5 sur 5');
    expect(screen.getByTestId('review-aspects')).toHaveTextContent('Organisation : 4 sur 5');
    expect(screen.queryByText(/Rapport qualité-prix/)).toBeNull();
  });

  it('shows the review’s photos as lazy thumbnails with their alt text, each a link to its largest WebP', () => {
    const photo = { storageKey: 'reviews/AbCdEfGhIjKlMnOpQrStUv', width: 900, height: 600, widths: [480, 900], placeholder: 'data:image/webp;base64,AA', alt: 'Le sommet au lever du jour' };
    render(inFrench(<ReviewComment review={{ ...english, photos: [photo] }} locale="fr" noComment="—" translation={null} />));
    const image = screen.getByRole('img', { name: 'Le sommet au lever du jour' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '900');
    expect(image).toHaveAttribute('height', '600');
    expect(image.closest('a')).toHaveAttribute('href', '/media/reviews/AbCdEfGhIjKlMnOpQrStUv/900.webp');
    expect(image.closest('picture')!.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', '/media/reviews/AbCdEfGhIjKlMnOpQrStUv/480.avif 480w, /media/reviews/AbCdEfGhIjKlMnOpQrStUv/900.avif 900w');
    expect(screen.getByRole('list', { name: messages.Reviews.photos })).toBeInTheDocument();
  });

  it('offers a translate button with a key, posting the review key, the language and the page', () => {
    const { container } = render(inFrench(<ReviewComment review={english} locale="fr" noComment="—" translation={offer} />));
    expect(screen.getByRole('button', { name: 'Traduire en français' })).toBeInTheDocument();
    const form = container.querySelector('form')!;
    expect(Object.fromEntries(new FormData(form))).toEqual({ locale: 'fr', review: 'review-7', back: '/fr/trip/ascension-du-toubkal' });
  });

  it('shows a stored translation labelled DeepL, with the original a click away', async () => {
    render(inFrench(<ReviewComment review={{ ...english, translatedComment: 'Un guide formidable.' }} locale="fr" noComment="—" translation={offer} />));
    expect(screen.getByTestId('review-translation')).toHaveTextContent('Un guide formidable.');
    expect(screen.getByTestId('review-translation')).toHaveAttribute('lang', 'fr');
    expect(screen.getByText(messages.Reviews.translatedBy)).toBeInTheDocument();
    expect(screen.getByText('Great guide.')).not.toBeVisible();
    await userEvent.setup().click(screen.getByText(messages.Reviews.showOriginal));
    expect(screen.getByText('Great guide.')).toBeVisible();
  });

  it('shows a review in the page language as written, and the text for a review without a comment', () => {
    render(inFrench(<ReviewComment review={{ ...english, comment: 'Super.', commentLanguage: 'fr' }} locale="fr" noComment="—" translation={offer} />));
    expect(screen.getByText('Super.')).toHaveAttribute('lang', 'fr');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(inFrench(<ReviewComment review={{ ...english, comment: null, commentLanguage: null }} locale="fr" noComment="Sans commentaire" translation={offer} />));
    expect(screen.getByText('Sans commentaire')).toBeInTheDocument();
  });

  it('filters by the reader language only when that changes the list', () => {
    render(inFrench(<ReviewLanguageFilter locale="fr" inLanguage={3} total={8}><ul /></ReviewLanguageFilter>));
    expect(screen.getByRole('radio', { name: 'Avis en français (3)' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: messages.Reviews.allLanguages })).toBeChecked();
    cleanup();
    for (const [inLanguage, total] of [[0, 5], [5, 5]]) {
      render(inFrench(<ReviewLanguageFilter locale="fr" inLanguage={inLanguage!} total={total!}><ul /></ReviewLanguageFilter>));
      expect(screen.queryByRole('radio')).toBeNull();
      cleanup();
    }
    expect(otherLanguage('fr', 'fr')).toEqual({});
    expect(otherLanguage('en', 'fr')).toEqual({ 'data-other-language': 'en' });
    expect(otherLanguage(null, 'fr')).toEqual({ 'data-other-language': 'none' });
  });
});

type Done = { ok: true } & Submitted;
const refusing = (fieldErrors: Record<string, string>) =>
  vi.fn(async (_state: FormState<Done>, formData: FormData): Promise<FormState<Done>> => ({ status: 'refused', formError: messages.Forms.errors.checkData, fieldErrors, values: submittedValues(formData), result: null }));

describe("the guide's reply and support's hiding", { timeout: 15_000 }, () => {
  it('sends the reply with the review key; refused, keeps the text', async () => {
    const action = refusing({ form: messages.Forms.errors.alreadyReplied });
    render(inFrench(<ReviewReplyForm review="K7Q4MZ2T" action={action} />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(new RegExp(messages.GuideReviewReplies.reply.replace(/[()]/g, '.'))), 'Merci !');
    await user.click(screen.getByRole('button', { name: messages.GuideReviewReplies.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toMatchObject({ review: 'K7Q4MZ2T', reply: 'Merci !', locale: 'fr' });
    await vi.waitFor(() => expect(screen.getByLabelText(new RegExp(messages.GuideReviewReplies.reply.replace(/[()]/g, '.')))).toHaveValue('Merci !'));
  });

  it('sends the reason with the review key', async () => {
    const action = answersSent<Done>({ ok: true, reference: 'review-3' });
    render(inFrench(<HideReviewForm review="review-3" action={action} />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(new RegExp(messages.ReviewModeration.reason.replace(/[()]/g, '.'))), 'Insultes');
    await user.click(screen.getByRole('button', { name: messages.ReviewModeration.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toMatchObject({ review: 'review-3', reason: 'Insultes', locale: 'fr' });
  });
});
