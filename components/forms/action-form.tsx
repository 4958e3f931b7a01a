'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { newIdempotencyKey } from '@/lib/forms/idempotency-key';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '@/lib/security/submission-guard';
import { getCampaignData, readFormDraft, writeFormDraft, type FormDraft } from '@/lib/storage';
import styles from './forms.module.css';
import { botGuardFields } from './honeypot';
import type { ServerForm } from './use-form-action';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The controls a visitor fills (not the hidden machinery nor the honeypot), by name. */
function visibleControls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) && Boolean(element.name) && element.type !== 'hidden' && element.name !== HONEYPOT_FIELD,
  );
}

/** What the visitor typed, by dotted name, for the page's draft. */
function readDraft(form: HTMLFormElement): FormDraft {
  const draft: FormDraft = {};
  for (const control of visibleControls(form)) {
    if (control instanceof HTMLInputElement && control.type === 'checkbox') draft[control.name] = control.checked;
    else if (control instanceof HTMLInputElement && control.type === 'radio') {
      if (control.checked) draft[control.name] = control.value;
    } else draft[control.name] = control.value;
  }
  return draft;
}

/** Puts a draft back in the form's controls. */
function fillDraft(form: HTMLFormElement, draft: FormDraft) {
  for (const control of visibleControls(form)) {
    if (!(control.name in draft)) continue;
    const value = draft[control.name];
    if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = value === true;
    else if (control instanceof HTMLInputElement && control.type === 'radio') control.checked = control.value === String(value);
    else control.value = value === null ? '' : String(value);
  }
}

/** Draws this submission's idempotency key in the browser (never in HTML a cached page shares), unless one was sent already. */
const drawKey = (input: HTMLInputElement | null) => {
  if (input && !input.value) input.value = newIdempotencyKey();
};

/**
 * A server-drawn form (use-form-action.tsx): its `action` is the Server Action, so it works before
 * its code has loaded. Its hidden fields carry the page's locale and, once hydrated, the
 * submission's idempotency key, the fill time and the campaign data, filled in the browser
 * just before it is sent. What is typed is kept as the page's draft when the form asks for one.
 */
export function ActionForm<T>({ form, testId, className = styles.form, onEdit, children }: { form: ServerForm<T>; testId: string; className?: string; onEdit?: () => void; children: ReactNode }) {
  const locale = useLocale();
  const element = useRef<HTMLFormElement>(null);
  const { draft, state } = form;
  // A form drawn again with what was sent keeps that; a new one gets the page's draft back.
  useEffect(() => {
    if (draft && element.current && state.status === 'idle') fillDraft(element.current, readFormDraft(draft.name, window.location.pathname, draft.skip));
    // Once per form: the draft's name does not change, and a later answer keeps what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const changed = (event: FormEvent<HTMLFormElement>) => {
    const current = event.currentTarget;
    if (draft) writeFormDraft(draft.name, window.location.pathname, readDraft(current), draft.skip);
    form.revalidate(current);
    onEdit?.();
  };
  return (
    <form
      ref={element}
      action={form.formAction}
      className={className}
      noValidate
      aria-busy={form.pending}
      data-testid={testId}
      onChange={changed}
      onSubmit={(event) => {
        // Runs before React reads the form's data for its action.
        const current = event.currentTarget;
        const fill = (name: string, value: string) => {
          const input = current.elements.namedItem(name);
          if (input instanceof HTMLInputElement) input.value = value;
        };
        // A stored submission's key is not sent again: a form that stays once stored (an editor) saves anew.
        const key = current.elements.namedItem('idempotencyKey');
        if (key instanceof HTMLInputElement && (!key.value || (state.status === 'sent' && key.value === state.values.idempotencyKey))) key.value = newIdempotencyKey();
        fill(FILL_TIME_FIELD, String(botGuardFields(current)[FILL_TIME_FIELD]));
        if (form.withCampaign) fill('campaignData', JSON.stringify(getCampaignData()));
      }}
    >
      <input type="hidden" name="locale" defaultValue={locale} />
      {/* Only a refusal's key is React's to set: a value React set again at each render would wipe the drawn one. */}
      <input type="hidden" name="idempotencyKey" defaultValue={state.status === 'refused' ? state.values.idempotencyKey : undefined} ref={drawKey} />
      <input type="hidden" name={FILL_TIME_FIELD} defaultValue="" />
      {form.withCampaign ? <input type="hidden" name="campaignData" defaultValue="" /> : null}
      {children}
    </form>
  );
}
