import type { FocusEvent, KeyboardEvent, SyntheticEvent } from 'react';

/** Keys that change a closed select's value (Chromium and Firefox fire `change` at each). */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/** Per select: whether the key being pressed changes its value, whether a value waits to be applied. */
const pending = new WeakMap<HTMLSelectElement, { keyed: boolean; dirty: boolean }>();
const stateOf = (select: HTMLSelectElement) => pending.get(select) ?? pending.set(select, { keyed: false, dirty: false }).get(select)!;

/**
 * Handlers for a select that applies its value once the user commits to it (WCAG 3.2.2 On Input): a
 * choice made with the pointer or in the open list applies at once; one stepped to with the keys on
 * the closed select (each arrow fires `change`) applies on Enter or when the select loses focus, so
 * "8 to 14 days" is reachable by keyboard without applying every option on the way.
 */
export function committedChange(apply: (select: HTMLSelectElement) => void) {
  const commit = (select: HTMLSelectElement) => {
    const state = stateOf(select);
    if (!state.dirty) return false;
    state.dirty = false;
    apply(select);
    return true;
  };
  return {
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      const state = stateOf(event.currentTarget);
      if (event.key === 'Enter') {
        if (commit(event.currentTarget)) event.preventDefault();
      } else if (!event.altKey && !event.ctrlKey && !event.metaKey && (STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '))) {
        state.keyed = true;
      }
    },
    onKeyUp(event: KeyboardEvent<HTMLSelectElement>) {
      stateOf(event.currentTarget).keyed = false;
    },
    onChange(event: SyntheticEvent<HTMLSelectElement>) {
      const state = stateOf(event.currentTarget);
      state.dirty = true;
      if (!state.keyed) commit(event.currentTarget);
    },
    onBlur(event: FocusEvent<HTMLSelectElement>) {
      stateOf(event.currentTarget).keyed = false;
      commit(event.currentTarget);
    },
  };
}

/** For a select of a form: the form is submitted once the value is committed (its submit handler applies it). */
export const submitsForm = committedChange((select) => select.form?.requestSubmit());
