// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { committedChange } from '@/components/search/committed-change';

afterEach(cleanup);

function setup() {
  const apply = vi.fn<(select: HTMLSelectElement) => void>();
  const handlers = committedChange(apply);
  render(
    <label>
      Duration
      <select defaultValue="" {...handlers}>
        <option value="">Any</option>
        <option value="1">1 day</option>
        <option value="8-14">8 to 14 days</option>
      </select>
    </label>,
  );
  return { apply, select: screen.getByLabelText('Duration') as HTMLSelectElement };
}

/** A key on the closed select as Chromium does it: keydown, the value steps and `change` fires, keyup. */
function step(select: HTMLSelectElement, key: string, value: string) {
  fireEvent.keyDown(select, { key });
  select.value = value;
  fireEvent.change(select);
  fireEvent.keyUp(select, { key });
}

describe('a select that applies once chosen', () => {
  it('applies a value picked with the pointer or in the open list at once', () => {
    const { apply, select } = setup();
    select.value = '8-14';
    fireEvent.change(select);
    expect(apply).toHaveBeenCalledTimes(1);
    fireEvent.blur(select);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('steps with the arrows without applying, then applies on Enter once', () => {
    const { apply, select } = setup();
    step(select, 'ArrowDown', '1');
    step(select, 'ArrowDown', '8-14');
    expect(apply).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]?.[0].value).toBe('8-14');
    fireEvent.blur(select);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('applies a stepped value when the select loses focus, and nothing when nothing changed', () => {
    const { apply, select } = setup();
    fireEvent.blur(select);
    expect(apply).not.toHaveBeenCalled();
    step(select, 'End', '8-14');
    fireEvent.blur(select);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('treats Alt+ArrowDown (opens the list) as no step', () => {
    const { apply, select } = setup();
    fireEvent.keyDown(select, { key: 'ArrowDown', altKey: true });
    select.value = '1';
    fireEvent.change(select);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
