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
/** The visitor's country waits for `answer`; the country list (app/api/phone-countries) is the server's. */
async function mockVisitorCountry() {
  const { phoneCountryOptions } = await import('@/lib/forms/phone-countries');
  const fetchMock = vi.fn((url: string) =>
    url === '/api/phone-countries/fr' ? Promise.resolve(Response.json(phoneCountryOptions('fr'))) : new Promise((resolve) => (answer = resolve)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const country = (countryCode: string | null) => new Response(JSON.stringify({ countryCode }), { headers: { 'content-type': 'application/json' } });

async function renderField() {
  const { PhoneField } = await import('@/components/forms/phone-field');
  let read: () => unknown = () => null;
  function Form() {
    const form = useForm({ defaultValues: { phone: { country: 'FR', number: '' } } });
    read = () => form.getValues('phone.country');
    return <PhoneField country={form.register('phone.country')} number={form.register('phone.number')} />;
  }
  render(
    <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
      <Form />
    </NextIntlClientProvider>,
  );
  return { select: (await screen.findByLabelText(messages.Forms.labels.phoneCountry)) as HTMLSelectElement, read: () => read() };
}

describe('the phone field on a page cached for every visitor', () => {
  it("starts on the locale's country, then moves to the visitor's own once the server tells it", async () => {
    const fetchMock = await mockVisitorCountry();
    const { select, read } = await renderField();
    expect(select.value).toBe('FR');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/visitor-country', expect.anything()));
    answer(country('CH'));
    await vi.waitFor(() => expect(select.value).toBe('CH'));
    expect(read()).toBe('CH');
  });

  it('is a short text box for the country code until the list is loaded, then the list', async () => {
    await mockVisitorCountry();
    const { PhoneField } = await import('@/components/forms/phone-field');
    render(
      <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
        <PhoneField country={{ name: 'phone.country', defaultValue: 'FR' }} number={{ name: 'phone.number' }} />
      </NextIntlClientProvider>,
    );
    const typed = screen.getByLabelText(messages.Forms.labels.phoneCountryCode);
    expect(typed).toHaveValue('FR');
    expect(typed).toHaveAttribute('name', 'phone.country');
    const select = (await screen.findByLabelText(messages.Forms.labels.phoneCountry)) as HTMLSelectElement;
    expect(select.value).toBe('FR');
    expect(select.name).toBe('phone.country');
    expect(screen.queryByLabelText(messages.Forms.labels.phoneCountryCode)).toBeNull();
  });

  it('keeps a calling code typed before the list came, as its country', async () => {
    await mockVisitorCountry();
    const { PhoneField } = await import('@/components/forms/phone-field');
    render(
      <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
        <PhoneField country={{ name: 'phone.country', defaultValue: 'FR' }} number={{ name: 'phone.number' }} />
      </NextIntlClientProvider>,
    );
    const typed = screen.getByLabelText(messages.Forms.labels.phoneCountryCode) as HTMLInputElement;
    typed.value = '+49';
    const select = (await screen.findByLabelText(messages.Forms.labels.phoneCountry)) as HTMLSelectElement;
    expect(select.value).toBe('DE');
  });

  it("names the countries in the page's language, as the server drew them", async () => {
    await mockVisitorCountry();
    const { select } = await renderField();
    expect(select.selectedOptions[0]?.textContent).toBe('France (+33)');
    expect([...select.options].map((option) => option.textContent)).toContain('Allemagne (+49)');
  });

  it('keeps a country the visitor already chose', async () => {
    await mockVisitorCountry();
    const { select, read } = await renderField();
    await userEvent.setup().selectOptions(select, 'ES');
    answer(country('CH'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read()).toBe('ES');
  });

  it("stays on the locale's country when the country is unknown", async () => {
    await mockVisitorCountry();
    const { select } = await renderField();
    answer(country(null));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(select.value).toBe('FR');
  });
});
