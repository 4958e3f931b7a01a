// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrencyMenu, type CurrencyOption } from '@/components/layout/currency-menu';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const options: CurrencyOption[] = [
  { code: 'CHF', symbol: '', name: 'Franc suisse' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'GBP', symbol: '£', name: 'Livre sterling' },
  { code: 'USD', symbol: '$US', name: 'Dollar des États-Unis' },
];
const labels = {
  button: 'Devise : Franc suisse',
  title: 'Choisissez votre devise',
  close: 'Fermer',
  search: 'Rechercher une devise',
  searchPlaceholder: 'Nom, code ou symbole',
  noMatch: 'Aucune devise ne correspond à votre recherche.',
  ratesNote: 'Taux du 20 novembre 2026',
};
const renderMenu = (current = options[0]!) => render(<CurrencyMenu current={current} options={options} labels={labels} />);

beforeEach(() => {
  refresh.mockClear();
  localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
afterEach(cleanup);

describe('CurrencyMenu', () => {
  it('shows the resolved currency and lists every choice with symbol and name', async () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: `${labels.button} CHF` });
    expect(trigger).toHaveTextContent('CHF');
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: labels.title });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(within(dialog).getByRole('button', { name: /Franc suisse/ })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByText(labels.ratesNote)).toBeInTheDocument();
  });

  it('searches by name, code or symbol, accent-insensitively', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: `${labels.button} CHF` }));
    const search = screen.getByRole('searchbox', { name: labels.search });
    await userEvent.type(search, 'etats');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['$USDollar des États-UnisUSD']);
    await userEvent.clear(search);
    await userEvent.type(search, '£');
    expect(screen.getByRole('button', { name: /Livre sterling/ })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent(labels.noMatch);
  });

  it('stores the choice in the cookie and local storage, then re-renders the prices', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: `${labels.button} CHF` }));
    await userEvent.click(screen.getByRole('button', { name: /Livre sterling/ }));
    expect(Cookies.get('currency')).toBe('GBP');
    expect(localStorage.getItem('currency')).toContain('GBP');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps local storage in step with the cookie, and restores a choice only storage remembers', async () => {
    Cookies.set('currency', 'local');
    localStorage.setItem('currency', 'GBP');
    const { unmount } = renderMenu();
    await waitFor(() => expect(localStorage.getItem('currency')).toBeNull());
    expect(refresh).not.toHaveBeenCalled();
    unmount();

    Cookies.remove('currency');
    localStorage.setItem('currency', 'EUR');
    renderMenu();
    await waitFor(() => expect(Cookies.get('currency')).toBe('EUR'));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
