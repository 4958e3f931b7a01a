import { HONEYPOT_FIELD } from '@/lib/security/submission-guard';

/**
 * What the visitor did in a form's server HTML before its code arrived (deferred-form.tsx), for
 * the interactive form that takes its place (use-action-form.ts): nothing typed is lost.
 */
export type TypedForm = {
  /** The fields whose value the visitor changed, by their dotted name (`phone.number`). */
  values: Record<string, unknown>;
  /**
   * The field that has the focus, its caret or selection, and the radio's value. A field whose
   * caret cannot be read (number, e-mail) and still holds the server's value counts as wholly
   * selected (`all`): as a field entered with Tab is, so what is typed next replaces it.
   */
  focus: { name: string; value: string; selection: [number, number] | 'all' | null } | null;
  /** The honeypot's value and when the form appeared (honeypot.tsx). */
  guard: { value: string; shownAt: string | undefined };
  /** The visitor already asked to send it. */
  submit: boolean;
  /** The Add and Remove buttons of a list pressed meanwhile, in order (the trip editors' rows). */
  rowActions: RowAction[];
};

/** A list's Add button (`data-row-action="add"`) or a row's Remove button (`data-row-action="remove" data-row-index`). */
export type RowAction = { kind: 'add' } | { kind: 'remove'; index: number };

/** The row action of a click on a list's button, if it was one. */
export function rowActionOf(target: EventTarget | null): RowAction | null {
  const button = target instanceof Element ? target.closest<HTMLElement>('[data-row-action]') : null;
  if (button?.dataset.rowAction === 'add') return { kind: 'add' };
  if (button?.dataset.rowAction === 'remove' && button.dataset.rowIndex) return { kind: 'remove', index: Number(button.dataset.rowIndex) };
  return null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The value a control's change gives react-hook-form, or undefined when it still holds the server's. */
function changedValue(control: Control): unknown {
  if (control instanceof HTMLSelectElement) return control.selectedOptions[0]?.defaultSelected ? undefined : control.value;
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return control.checked === control.defaultChecked ? undefined : control.checked;
  if (control instanceof HTMLInputElement && control.type === 'radio') return control.checked && !control.defaultChecked ? control.value : undefined;
  if (control.value === control.defaultValue) return undefined;
  return control instanceof HTMLInputElement && control.type === 'number' ? control.valueAsNumber : control.value;
}

function selectionOf(control: Control): [number, number] | 'all' | null {
  if (control instanceof HTMLSelectElement) return null;
  let start: number | null = null;
  try {
    start = control.selectionStart;
  } catch {
    // Fields without a caret (number, e-mail) throw in some browsers, answer null in others.
  }
  if (start !== null) return [start, control.selectionEnd ?? start];
  return control.value === control.defaultValue && control.value !== '' ? 'all' : null;
}

/** Reads a form's typed values, focus and guard, at the moment the interactive form replaces it. */
export function readTypedForm(form: HTMLFormElement, submit: boolean, rowActions: RowAction[] = []): TypedForm {
  const values: Record<string, unknown> = {};
  const controls = [...form.elements].filter((element): element is Control => 'value' in element && 'name' in element && element.tagName !== 'BUTTON' && Boolean(element.name));
  for (const control of controls) {
    const value = control.name === HONEYPOT_FIELD ? undefined : changedValue(control);
    if (value !== undefined) values[control.name] = value;
  }
  const active = controls.find((control) => control === document.activeElement);
  const honeypot = controls.find((control) => control.name === HONEYPOT_FIELD);
  return {
    values,
    focus: active ? { name: active.name, value: active.value, selection: selectionOf(active) } : null,
    guard: { value: honeypot?.value ?? '', shownAt: honeypot?.dataset.shownAt },
    submit,
    rowActions,
  };
}

/** Puts a draft kept for the page (lib/storage/drafts.ts) back in a form's server HTML, where the visitor left it. */
export function fillTypedForm(form: HTMLFormElement, values: Record<string, unknown>) {
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (control instanceof RadioNodeList) control.value = String(value);
    else if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = value === true;
    else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) control.value = value === null ? '' : String(value);
  }
}
