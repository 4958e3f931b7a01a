import type { DefaultValues, FieldValues } from 'react-hook-form';
import { HONEYPOT_FIELD } from '@/lib/security/submission-guard';
import { SHOWN_AT } from './honeypot';
import type { TypedForm } from './typed-form';

/** The default values with what was typed before the form's code arrived, by dotted name. */
export function withTyped<TValues extends FieldValues>(defaultValues: DefaultValues<TValues>, typed: TypedForm | undefined): DefaultValues<TValues> {
  return typed ? withValues(defaultValues, typed.values) : defaultValues;
}

/** The default values with others over them, by dotted name (`phone.number`). */
export function withValues<TValues extends FieldValues>(defaultValues: DefaultValues<TValues>, changed: Record<string, unknown>): DefaultValues<TValues> {
  const values = structuredClone(defaultValues) as Record<string, unknown>;
  for (const [name, value] of Object.entries(changed)) {
    const keys = name.split('.');
    const last = keys.pop()!;
    let parent = values;
    for (const key of keys) parent = (parent[key] ??= {}) as Record<string, unknown>;
    parent[last] = value;
  }
  return values as DefaultValues<TValues>;
}

/** Gives the focus (caret and selection included) back to the field that had it in the server's HTML. */
function restoreFocus(form: HTMLFormElement, focus: TypedForm['focus']) {
  const named = focus ? form.elements.namedItem(focus.name) : null;
  const field = named instanceof RadioNodeList ? [...named].find((radio) => (radio as HTMLInputElement).value === focus?.value) : named;
  if (!(field instanceof HTMLElement)) return;
  field.focus();
  if (!focus?.selection || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  // An untouched field without a readable caret: what comes next replaces its value, not appends to it.
  if (focus.selection === 'all') {
    field.select();
    return;
  }
  try {
    field.setSelectionRange(...focus.selection);
  } catch {
    // Fields without a caret (e-mail, number) keep the browser's.
  }
}

/** The server HTML's honeypot value and appearance time, on the form that replaced it (botGuardFields reads them). */
function restoreGuard(form: HTMLFormElement, guard: TypedForm['guard']) {
  const input = form.elements.namedItem(HONEYPOT_FIELD);
  if (!(input instanceof HTMLInputElement)) return;
  input.value = guard.value;
  if (guard.shownAt) input.dataset[SHOWN_AT] = guard.shownAt;
}

/** What the interactive form takes over from the server HTML it replaced, beyond the values: the honeypot, then the focus. */
export function restoreTypedForm(form: HTMLFormElement, typed: TypedForm) {
  restoreGuard(form, typed.guard);
  restoreFocus(form, typed.focus);
}
