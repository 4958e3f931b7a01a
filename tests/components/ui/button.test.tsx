// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from '@/components/ui/button';
import styles from '@/components/ui/button.module.css';

afterEach(cleanup);

/** The generated class for a CSS Modules key, whatever the class-name strategy of the test config. */
function cls(key: string): string {
  const className = styles[key];
  if (!className) throw new Error(`no class for ${key}`);
  return className;
}

describe('Button', () => {
  it('renders a native button with type="button" by default', () => {
    render(<Button>Book now</Button>);
    expect(screen.getByRole('button', { name: 'Book now' })).toHaveAttribute('type', 'button');
  });

  it('keeps an explicit type', () => {
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it('gives each variant a different class', () => {
    render(
      <>
        <Button variant="primary">primary</Button>
        <Button variant="accent">accent</Button>
        <Button variant="secondary">secondary</Button>
        <Button variant="ghost">ghost</Button>
      </>,
    );
    const classNames = ['primary', 'accent', 'secondary', 'ghost'].map(
      (name) => screen.getByRole('button', { name }).className,
    );
    expect(new Set(classNames).size).toBe(4);
    expect(screen.getByRole('button', { name: 'accent' })).toHaveClass(cls('accent'));
    expect(screen.getByRole('button', { name: 'primary' })).not.toHaveClass(cls('accent'));
  });

  it('defaults to primary / md and applies size, fullWidth and extra classes', () => {
    render(
      <Button size="lg" fullWidth className="extra">
        Big
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Big' });
    expect(button).toHaveClass(cls('button'), cls('primary'), cls('lg'), cls('fullWidth'), 'extra');
    expect(button).not.toHaveClass(cls('md'));
  });

  it('forwards native props and ref', () => {
    const onClick = vi.fn();
    let node: HTMLButtonElement | null = null;
    render(
      <Button
        ref={(el) => {
          node = el;
        }}
        aria-describedby="x"
        disabled
        onClick={onClick}
      >
        Off
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Off' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', 'x');
    expect(node).toBe(button);
  });
});

describe('buttonClassName', () => {
  it('makes a link look like a button', () => {
    render(
      <a href="#book" className={buttonClassName({ variant: 'accent', size: 'sm' })}>
        Book
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Book' })).toHaveClass(cls('button'), cls('accent'), cls('sm'));
  });

  it('matches what Button renders', () => {
    render(<Button variant="secondary">Same</Button>);
    expect(screen.getByRole('button', { name: 'Same' }).className).toBe(buttonClassName({ variant: 'secondary' }));
    expect(buttonClassName()).toBe(buttonClassName({ variant: 'primary', size: 'md', fullWidth: false }));
  });
});
