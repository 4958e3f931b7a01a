// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import fr from '@/messages/fr.json';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Checkbox } from '@/components/ui/checkbox';

afterEach(cleanup);

describe('Input', () => {
  it('is labelled by its label, with a generated id', () => {
    render(<Input label="Email" name="email" />);
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAttribute('type', 'text');
    expect(input.id).not.toBe('');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('uses the id it is given', () => {
    render(<Input label="Name" id="traveller-name" />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('id', 'traveller-name');
  });

  it('wires aria-invalid and aria-describedby to the error text', () => {
    render(<Input label="Email" error="Enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
    const errorId = input.getAttribute('aria-describedby');
    expect(errorId).toBeTruthy();
    const error = document.getElementById(errorId ?? '');
    expect(error).toHaveTextContent('Enter a valid email address');
    expect(error).not.toHaveAttribute('role');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('describes the input by hint, error and any caller-provided ids, in that order', () => {
    render(
      <>
        <span id="extra">Extra</span>
        <Input label="Phone" hint="With country code" error="Required" aria-describedby="extra" required />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' }); // the * is aria-hidden
    expect(input).toHaveAccessibleDescription('Extra With country code Required');
    expect(input).toBeRequired();
  });

  it('keeps the label for assistive tech when hideLabel is set', () => {
    render(<Input label="Search trips" hideLabel />);
    expect(screen.getByLabelText('Search trips')).toBeInTheDocument();
  });
});

describe('Textarea', () => {
  it('wires label and error like Input', () => {
    render(<Textarea label="Message" error="Too short" />);
    const textarea = screen.getByLabelText('Message');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Too short');
  });

  it("counts the text the server puts in, in the HTML drawn before any script runs", () => {
    const html = renderToString(
      <NextIntlClientProvider locale="fr" messages={{ Forms: fr.Forms }}>
        <Textarea label="Avis" limit={5000} defaultValue={'é'.repeat(1234)} />
      </NextIntlClientProvider>,
    );
    const count = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-testid="character-count"]');
    expect(count?.textContent).toBe(fr.Forms.characterCount.replace('{n}', '1\u202f234').replace('{max}', '5\u202f000'));
  });
});

describe('Select', () => {
  it('renders a labelled native select with options, placeholder and error', () => {
    render(
      <Select
        label="Difficulty"
        placeholder="Any"
        error="Pick one"
        options={[
          { value: 'easy', label: 'Easy' },
          { value: 'hard', label: 'Hard' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Difficulty' });
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Any', 'Easy', 'Hard']);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick one');
  });
});

describe('Checkbox', () => {
  it('renders a labelled checkbox with an error', () => {
    render(<Checkbox label="I accept the terms" error="You must accept the terms" />);
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('You must accept the terms');
  });
});
