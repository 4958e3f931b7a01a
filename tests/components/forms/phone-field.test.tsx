// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/fr.json';

afterEach(cleanup);
// The field asks once per page: each test is a new page.
beforeEach(() => vi.resetModules());

let answer: (value: unknown) => void;
function mockVisitorCountry() {
  const fetchMock = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const country = (countryCode: string | null) => new Response(JSON.stringify({ countryCode }), { headers: { 'content-type': 'application/json' } });

async function renderField() {
  const { PhoneField } = await import('@/components/forms/phone-field');
  const { PhoneCountriesProvider } = await import('@/components/forms/phone-countries-context');
  const { phoneCountryOptions } = await import('@/lib/forms/phone-countries');
  let read: () => unknown = () => null;
  function Form() {
    const form = useForm({ defaultValues: { phone: { country: 'FR', number: '' } } });
    read = () => form.getValues('phone.country');
    return <PhoneField country={form.register('phone.country')} number={form.register('phone.number')} />;
  }
  render(
    <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
      <PhoneCountriesProvider countries={phoneCountryOptions('fr')}>
        <Form />
      </PhoneCountriesProvider>
    </NextIntlClientProvider>,
  );
  return { select: screen.getByLabelText(messages.Forms.labels.phoneCountry) as HTMLSelectElement, read: () => read() };
}

describe('the phone field on a page cached for every visitor', () => {
  it("starts on the locale's country, then moves to the visitor's own once the server tells it", async () => {
    const fetchMock = mockVisitorCountry();
    const { select, read } = await renderField();
    expect(select.value).toBe('FR');
    expect(fetchMock).toHaveBeenCalledWith('/api/visitor-country', expect.anything());
    answer(country('CH'));
    await vi.waitFor(() => expect(select.value).toBe('CH'));
    expect(read()).toBe('CH');
  });

  it("names the countries in the page's language, as the server drew them", async () => {
    mockVisitorCountry();
    const { select } = await renderField();
    expect(select.selectedOptions[0]?.textContent).toBe('France (+33)');
    expect([...select.options].map((option) => option.textContent)).toContain('Allemagne (+49)');
  });

  it('keeps a country the visitor already chose', async () => {
    mockVisitorCountry();
    const { select, read } = await renderField();
    await userEvent.setup().selectOptions(select, 'ES');
    answer(country('CH'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read()).toBe('ES');
  });

  it("stays on the locale's country when the country is unknown", async () => {
    mockVisitorCountry();
    const { select } = await renderField();
    answer(country(null));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(select.value).toBe('FR');
  });
});
