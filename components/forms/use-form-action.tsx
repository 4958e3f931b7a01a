'use client';

import { useLocale } from 'next-intl';
import { useActionState, useEffect, useRef, useState, type ComponentType } from 'react';
import type { z } from 'zod';
import type { FormAction, FormState } from '@/lib/forms/errors';
import { initialFormState } from '@/lib/forms/form-state';
import { clearFormDraft } from '@/lib/storage';
import { loadErrorTranslator } from './error-texts';
import type { FieldKit, PhoneFieldProps } from './field-kit';
import { PhoneField } from './phone-field';

/** A page's draft of a form (lib/storage/drafts.ts): its name, and the fields the page owns. */
export type FormDraftOptions = { name: string; skip?: readonly string[] };

/** A form's shared zod schema, imported once the form was refused: `() => import('@/lib/forms/schemas').then((m) => m.helpMessageSchema)`. */
export type SchemaLoader = () => Promise<z.ZodType>;

type Options = {
  draft?: FormDraftOptions;
  withCampaign?: boolean;
  /** Once refused, the errors follow the fields as they are corrected, checked by this schema in the browser. */
  schema?: SchemaLoader;
  /** The page's own path, for a form that must post to it before its code has loaded. */
  permalink?: string;
};

/** A server-drawn form's state and what its `<ActionForm>` needs (action-form.tsx). */
export type ServerForm<T> = {
  state: FormState<T>;
  formAction: (formData: FormData) => void;
  pending: boolean;
  kit: FieldKit<string>;
  draft?: FormDraftOptions;
  withCampaign: boolean;
  /** Checks the form again as it is corrected, once refused (the field errors follow). */
  revalidate: (form: HTMLFormElement) => void;
};

/** The value at a dotted path (`phone.country`) of a form's default values. */
function valueAt(values: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);
}

/** The phone field of a form sent once: the country sent stays, the visitor's own does not replace it. */
function SentPhoneField(props: PhoneFieldProps) {
  return <PhoneField {...props} chosen />;
}

/**
 * The one field kit of server-drawn forms: named controls holding what was sent (after a refusal,
 * with or without JavaScript) or else the form's defaults, and the state's translated errors. A
 * default that is a boolean makes a checkbox.
 */
export function formFieldKit<TName extends string>(defaults: object, state: FormState<unknown>, fieldErrors: Record<string, string> = state.fieldErrors): FieldKit<TName> {
  const sent = state.status !== 'idle';
  return {
    register: (name) => {
      const value = valueAt(defaults, name);
      if (typeof value === 'boolean') return { name, defaultChecked: sent ? state.values[name] === 'on' : value };
      if (sent) return { name, defaultValue: state.values[name] ?? '' };
      return typeof value === 'string' || typeof value === 'number' ? { name, defaultValue: value } : { name };
    },
    errorOf: (name) => fieldErrors[name],
    PhoneField: (sent ? SentPhoneField : PhoneField) as ComponentType<PhoneFieldProps>,
  };
}

/**
 * A form drawn by the server whose `action` is its Server Action (validatedAction): it submits and
 * answers before its code has loaded (Next.js draws the action's state on a POST without
 * JavaScript), then `useActionState` shows pending and the answer in place. `defaults`: the
 * fields' first values, by the schema's shape. `withCampaign`: the stored campaign goes with it
 * (spec §3); `draft`: what is typed is kept for the page (lib/storage/drafts.ts) until it is sent;
 * `schema`: once refused, the field errors follow the corrections (the schema loads only then).
 */
export function useFormAction<T>(action: FormAction<T>, defaults: object, options: Options = {}): ServerForm<T> {
  const locale = useLocale();
  const { draft, schema, permalink } = options;
  // The permalink is the form's `action` in the server HTML (an empty one is invalid HTML).
  const [state, formAction, pending] = useActionState(action, initialFormState as FormState<T>, permalink);
  // The errors of the fields as corrected since the state came (null: the state's own).
  const [live, setLive] = useState<{ state: FormState<T>; errors: Record<string, string> } | null>(null);
  // The schema and what reads a form with it, loaded once refused (not with the page).
  const loading = useRef<Promise<(sent: FormData | Record<string, string>) => Record<string, string>> | null>(null);
  useEffect(() => {
    if (draft && state.status === 'sent') clearFormDraft(draft.name, window.location.pathname);
  }, [draft, state.status]);
  /** Checks what a form sends (its data, or the state's text) with the schema in the browser; `withServer`: the server's own refusals stay over the schema's. */
  const check = (sent: FormData | Record<string, string>, withServer: boolean) => {
    if (!schema || state.status !== 'refused') return;
    if (!loading.current) {
      loading.current = Promise.all([schema(), import('@/lib/forms/errors'), import('@/lib/forms/form-data'), loadErrorTranslator(locale)]).then(([zodSchema, { issuesByField }, { readFormData, toFormData }, translate]) => (data) => {
        const parsed = zodSchema.safeParse(readFormData(data instanceof FormData ? data : toFormData(data)));
        const issues = parsed.success ? {} : issuesByField(parsed.error.issues);
        return Object.fromEntries(Object.entries(issues).map(([field, message]) => [field, translate(message)]));
      });
      // Offline: tried again at the next change.
      loading.current.catch(() => (loading.current = null));
    }
    void loading.current.then((issues) => {
      const errors = issues(sent);
      setLive({ state, errors: withServer ? { ...errors, ...state.fieldErrors } : errors });
    }, () => undefined);
  };
  // A refusal shows what the page's schema knows too (limits the server checks only once the rest is valid).
  useEffect(() => {
    check(state.values, true);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const revalidate = (form: HTMLFormElement) => check(new FormData(form), false);
  const fieldErrors = live && live.state === state ? live.errors : state.fieldErrors;
  return { state, formAction, pending, kit: formFieldKit(defaults, state as FormState<unknown>, fieldErrors), draft, withCampaign: options.withCampaign ?? false, revalidate };
}
