// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachSuggestions } from '@/components/layout/search-suggest-combobox';

const items = [
  { kind: 'place', label: 'Chamonix', detail: 'France', href: '/fr/search?query=Chamonix' },
  { kind: 'activity', label: 'Ski de randonnée', detail: 'Activité', href: '/fr/search?activity=ski-touring' },
];

let assign: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = vi.fn();
  document.body.innerHTML = `<form role="search" action="/fr/search"><label for="box">Rechercher</label>
    <input id="box" name="query" data-suggest="/api/suggest" data-suggest-locale="fr"
      data-suggest-kinds='{"place":"Lieu","activity":"Activité","trip":"Voyage"}'
      data-suggest-counts='{"none":"Aucune proposition","one":"Une proposition","many":"{count} propositions"}'></form>`;
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ items }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.fn();
  Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

async function typeInto(text: string) {
  const input = screen.getByLabelText('Rechercher', { selector: 'input' }) as HTMLInputElement;
  attachSuggestions(input);
  input.focus();
  await userEvent.type(input, text);
  await waitFor(() => expect(screen.getByRole('listbox')).toBeVisible());
  return input;
}

describe('search suggestions combobox', () => {
  it('is a combobox that asks once after typing, in the page language, and announces the count', async () => {
    const input = await typeInto('cham');
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/suggest?q=cham&locale=fr');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['ChamonixLieu · France', 'Ski de randonnéeActivité · Activité']);
    expect(screen.getByRole('status')).toHaveTextContent('2 propositions');
  });

  it('moves with the arrows (aria-activedescendant) and opens the active one with Enter', async () => {
    const input = await typeInto('ski');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(assign).toHaveBeenCalledWith('/fr/search?activity=ski-touring');
  });

  it('takes over the collapsed combobox and hidden listbox the server drew', async () => {
    document.body.innerHTML = `<form role="search" action="/fr/search"><label for="box" id="box-label">Rechercher</label>
      <input id="box" name="query" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="box-suggestions"
        data-suggest="/api/suggest" data-suggest-locale="fr" data-suggest-kinds='{"place":"Lieu","activity":"Activité","trip":"Voyage"}'
        data-suggest-counts='{"none":"Aucune proposition","one":"Une proposition","many":"{count} propositions"}'>
      <ul id="box-suggestions" role="listbox" aria-labelledby="box-label" hidden></ul></form>`;
    const input = await typeInto('cham');
    const lists = document.querySelectorAll('[role=listbox]');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.id).toBe('box-suggestions');
    expect(input).toHaveAttribute('aria-controls', 'box-suggestions');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Rechercher' })).toBeVisible();
  });

  it('closes with Escape and leaves Enter to the form when nothing is active', async () => {
    const input = await typeInto('ski');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeVisible();
  });
});
