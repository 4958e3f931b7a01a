// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '@/components/ui/tabs';

afterEach(cleanup);

const items = [
  { id: 'overview', label: 'Overview', content: <p>Overview content</p> },
  { id: 'itinerary', label: 'Itinerary', content: <p>Itinerary content</p> },
  { id: 'reviews', label: 'Reviews', content: <p>Reviews content</p> },
];

describe('Tabs', () => {
  it('follows the WAI-ARIA tabs structure', () => {
    render(<Tabs label="Trip details" items={items} />);
    const tablist = screen.getByRole('tablist', { name: 'Trip details' });
    const tabs = screen.getAllByRole('tab');
    expect(tablist).toContainElement(tabs[0] ?? null);
    expect(tabs).toHaveLength(3);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);

    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(panel).toHaveTextContent('Overview content');
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
    // inactive panels stay in the DOM (server-rendered content) but hidden
    expect(screen.getByText('Itinerary content').closest('[role="tabpanel"]')).not.toBeVisible();
  });

  it('honours defaultId', () => {
    render(<Tabs label="Trip details" items={items} defaultId="reviews" />);
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toBeVisible();
  });

  it('moves selection and focus with ArrowRight / ArrowLeft, wrapping around', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Tabs label="Trip details" items={items} onChange={onChange} />);
    const [overview, itinerary, reviews] = screen.getAllByRole('tab');

    await user.tab();
    expect(overview).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(itinerary).toHaveFocus();
    expect(itinerary).toHaveAttribute('aria-selected', 'true');
    expect(itinerary).toHaveAttribute('tabindex', '0');
    expect(overview).toHaveAttribute('aria-selected', 'false');
    expect(overview).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Itinerary' })).toBeVisible();
    expect(onChange).toHaveBeenLastCalledWith('itinerary');

    await user.keyboard('{ArrowRight}');
    expect(reviews).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(overview).toHaveFocus();
    expect(overview).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowLeft}');
    expect(reviews).toHaveFocus();
    expect(reviews).toHaveAttribute('aria-selected', 'true');
  });

  it('jumps to the first and last tab with Home / End', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Trip details" items={items} defaultId="itinerary" />);
    const [overview, , reviews] = screen.getAllByRole('tab');

    await user.tab();
    await user.keyboard('{End}');
    expect(reviews).toHaveFocus();
    expect(reviews).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    expect(overview).toHaveFocus();
    expect(overview).toHaveAttribute('aria-selected', 'true');
  });

  it('selects on click and Tab moves into the panel', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Trip details" items={items} />);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toHaveFocus();
  });
});
