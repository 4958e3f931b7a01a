// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientMessages } from '@/components/providers/client-messages';

afterEach(cleanup);

function Texts() {
  const outer = useTranslations('Footer');
  const inner = useTranslations('Error');
  return (
    <p>
      {outer('tagline')} / {inner('retry')}
    </p>
  );
}

describe('ClientMessages', () => {
  it('adds its namespaces to those of the provider above, so a page sends a namespace once', () => {
    render(
      <NextIntlClientProvider locale="fr" messages={{}} timeZone="Europe/Paris">
        <ClientMessages json={JSON.stringify({ Footer: { tagline: 'Page' }, Error: { retry: 'remplacé' } })}>
          <ClientMessages json={JSON.stringify({ Error: { retry: 'Formulaire' } })}>
            <Texts />
          </ClientMessages>
        </ClientMessages>
      </NextIntlClientProvider>,
    );
    expect(screen.getByText('Page / Formulaire')).toBeInTheDocument();
  });
});
