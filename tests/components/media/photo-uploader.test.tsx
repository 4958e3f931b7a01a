// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoUploader } from '@/components/media/photo-uploader';
import type { EditorPhoto } from '@/lib/db/trip-photo-rows';
import en from '@/messages/en.json';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (id: number, isCover: boolean): EditorPhoto => ({ id, storageKey: `k${id}`, width: 960, height: 640, widths: [640, 960], placeholder: '', isCover, ready: true, alt: { en: `Photo ${id}`, fr: `Photo ${id}`, es: `Foto ${id}` } });
const answer = (photos: EditorPhoto[]) => new Response(JSON.stringify({ photos }), { status: 200, headers: { 'content-type': 'application/json' } });
const fill = (text: string, values: Record<string, string | number>) => Object.entries(values).reduce((out, [key, value]) => out.replace(`{${key}}`, String(value)), text);

describe('PhotoUploader', () => {
  it('sends a change only once the one before it is answered, so the last list shown is the one stored', async () => {
    // The server's list after the move (3 before 2, the cover still 1), then after the cover (3).
    const moved = [photo(1, true), photo(3, false), photo(2, false)];
    const covered = [photo(1, false), photo(3, true), photo(2, false)];
    let answerMove: (response: Response) => void = () => undefined;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        // The move is slow to answer; the cover, asked right after, would be answered at once.
        if (init.method === 'PUT') return new Promise<Response>((resolve) => (answerMove = resolve));
        return Promise.resolve(answer(covered));
      }),
    );
    render(
      <NextIntlClientProvider locale="en" messages={{ PhotoUploader: en.PhotoUploader }}>
        <PhotoUploader tripId={7} initialPhotos={[photo(1, true), photo(2, false), photo(3, false)]} />
      </NextIntlClientProvider>,
    );
    const m = en.PhotoUploader;
    fireEvent.click(screen.getByRole('button', { name: fill(m.moveUp, { number: 3 }) }));
    fireEvent.click(screen.getByRole('button', { name: fill(m.makeCover, { number: 2 }) }));
    await act(async () => undefined);
    expect(calls).toEqual(['PUT /api/trips/7/photos']);

    await act(async () => answerMove(answer(moved)));
    expect(calls).toEqual(['PUT /api/trips/7/photos', 'PATCH /api/trips/7/photos/3']);
    const items = screen.getAllByTestId('photo-item');
    expect(items.map((item) => item.dataset.photoId)).toEqual(['1', '3', '2']);
    expect(within(items[1]!).getByTestId('photo-cover')).toBeInTheDocument();
    expect(within(items[0]!).queryByTestId('photo-cover')).toBeNull();
  });
});
