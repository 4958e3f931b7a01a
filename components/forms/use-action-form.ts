'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FormAction } from '@/lib/forms/errors';
import { initialFormState } from '@/lib/forms/form-state';
import { toFormData } from '@/lib/forms/form-data';
import { newIdempotencyKey } from '@/lib/forms/idempotency-key';
import { adIdentifiersForRequest } from '@/components/measurement/request-identifiers';
import { clearFormDraft, flattenDraft, getCampaignData, readFormDraft, writeFormDraft } from '@/lib/storage';
import { loadErrorTranslator, type ErrorTranslator } from './error-texts';
import { botGuardFields } from './honeypot';

/** The resolver's error when the schema could not be downloaded. */
const OFFLINE = 'schema-unavailable';

/** spec §4 more-information states (idle → sending → message sent), shared by every form. */
export type SubmitState = 'idle' | 'sending' | 'sent';

/** A form's shared zod schema, imported on demand: `() => import('@/lib/forms/schemas').then((m) => m.helpMessageSchema)`. */
export type SchemaLoader<TValues> = () => Promise<z.ZodType<unknown, TValues>>;

type Options<TValues extends FieldValues, TResult> = {
  /**
   * The form's zod schema (the same one its Server Action parses with); as a loader, it is imported
   * on the form's first focus or submit instead of with the page.
   */
  schema: z.ZodType<unknown, TValues> | SchemaLoader<TValues>;
  defaultValues: DefaultValues<TValues>;
  /** The form's Server Action (validatedAction): sent the values as FormData, by dotted name. */
  action: FormAction<{ ok: true } & TResult>;
  /** Forms whose schema keeps campaign data send the stored campaign with the request (spec §3). */
  withCampaign?: boolean;
  /** Requests marketing attributes (booking, question, join) also send the advertising identifiers, after consent (spec §3). */
  withAdIdentifiers?: boolean;
  /** Called once the server stored the submission (e.g. to refresh what the page shows). */
  onSuccess?: (result: { ok: true } & TResult) => void;
  /** Called with the server's field errors (translated, by field) when it refused the submission. */
  onRefused?: (fieldErrors: Readonly<Record<string, string>>) => void;
  /**
   * Keep what is typed as a draft of this name for the page (lib/storage/drafts.ts), given back when
   * the form mounts again: after the page re-renders for another traveller count or currency, or a
   * reload. Only for forms mounted in the browser, never in the server's HTML. `skip`: fields the page owns.
   */
  draft?: { name: string; skip?: readonly string[] };
};

/** The first error message of a field, nested ones included (e.g. the phone's number). */
function firstMessage(errors: FieldErrors, name: string): string | undefined {
  let error: unknown = errors[name];
  while (error && typeof error === 'object') {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    error = Object.values(error as object).find((value) => value && typeof value === 'object');
  }
  return undefined;
}

/**
 * A react-hook-form form, for a client island with state of its own (the booking drawer, the guide
 * question dialog, the open-group join), validated by the shared zod
 * schema and submitted to the same Server Action as a server-drawn form, as FormData, with
 * the page's locale and a per-submission idempotency key (a double click stores one request). The
 * server's translated field errors land on their fields; nothing typed is lost on failure.
 */
export function useActionForm<TValues extends FieldValues, TResult extends object = { id: number }>({
  schema,
  defaultValues,
  action,
  withCampaign,
  withAdIdentifiers,
  onSuccess,
  onRefused,
  draft,
}: Options<TValues, TResult>) {
  const t = useTranslations('Forms');
  const locale = useLocale();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [state, setState] = useState<SubmitState>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<({ ok: true } & TResult) | null>(null);
  // zod, the schemas and the phone metadata are most of a form's code: they load on the form's
  // first focus (`prepare`) or at the latest on its first validation, not with the page.
  // The texts of the schema's error keys load with it (a server's error comes translated).
  const loading = useRef<Promise<Resolver<TValues>> | null>(null);
  const [translateError, setTranslateError] = useState<ErrorTranslator | null>(null);
  const prepare = () => {
    if (!loading.current) {
      const loaded = Promise.all([typeof schema === 'function' ? schema() : schema, import('./schema-resolver'), loadErrorTranslator(locale)]).then(([zodSchema, { schemaResolver }, translator]) => {
        setTranslateError(() => translator);
        return schemaResolver(zodSchema) as Resolver<TValues>;
      });
      // A failed download (offline) is tried again on the next focus or submit.
      loaded.catch(() => {
        loading.current = null;
      });
      loading.current = loaded;
    }
    return loading.current;
  };
  const resolver: Resolver<TValues> = async (values, context, options) => {
    const resolve = await prepare().catch(() => null);
    // Without its schema the form cannot be checked: it stays as typed and says to try again.
    if (!resolve) return { values: {}, errors: { root: { type: OFFLINE, message: 'retryLater' } } as never };
    return resolve(values, context, options);
  };
  const [restored] = useState(() => withDraft(defaultValues, draft));
  const form = useForm<TValues>({
    resolver,
    defaultValues: { ...restored, idempotencyKey, locale } as DefaultValues<TValues>,
    // Errors appear on submit, then follow each change: validating on blur would move the submit
    // button under the pointer between mousedown and click, and the click would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const formRef = useRef<HTMLFormElement>(null);

  // Every change is kept as the page's draft, so a re-rendered page gives it back; once sent, it is forgotten.
  useEffect(() => {
    if (!draft) return;
    const path = window.location.pathname;
    if (state === 'sent') {
      clearFormDraft(draft.name, path);
      return;
    }
    const save = (values: object) => writeFormDraft(draft.name, path, flattenDraft(values), draft.skip);
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => save(values) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft's name and the form do not change
  }, [state]);

  const onSubmit = form.handleSubmit(
    async (values, event) => {
      if (state === 'sending') return;
      setState('sending');
      setFormError(null);
      const input = {
        ...values,
        idempotencyKey,
        locale,
        ...botGuardFields(event?.target),
        ...(withCampaign ? { campaignData: JSON.stringify(getCampaignData()) } : {}),
        ...(withAdIdentifiers ? { adIdentifiers: JSON.stringify(adIdentifiersForRequest()) } : {}),
      };
      const response = await action(initialFormState, toFormData(input)).catch(() => null);
      if (response?.status === 'sent' && response.result) {
        const sent = response.result;
        setResult(sent);
        setState('sent');
        onSuccess?.(sent);
        return;
      }
      setState('idle');
      if (!response) return setFormError(t('errors.retryLater'));
      for (const [field, message] of Object.entries(response.fieldErrors)) {
        if (field !== 'form') form.setError(field as Path<TValues>, { type: 'server', message }, { shouldFocus: true });
      }
      setFormError(response.fieldErrors.form ?? response.formError);
      onRefused?.(response.fieldErrors);
    },
    (errors) => setFormError(errors.root?.type === OFFLINE ? t('errors.retryLater') : t('errors.checkData')),
  );

  /** The translated message of a field's error (schema keys are translated here, server ones come translated). */
  const errorOf = (name: string): string | undefined => {
    const message = firstMessage(form.formState.errors, name);
    return message && translateError ? translateError(message) : message;
  };

  /** Back to an empty form (or to `values`, e.g. what was just saved) with a fresh key, for another submission. */
  const restart = (values?: TValues) => {
    const key = newIdempotencyKey();
    setIdempotencyKey(key);
    form.reset({ ...(values ?? defaultValues), idempotencyKey: key, locale } as DefaultValues<TValues>);
    setResult(null);
    setState('idle');
  };

  return { form, state, formError, result, errorOf, onSubmit, restart, prepare, formRef };
}

/** The default values with the page's draft of this form over them (on the browser only). */
function withDraft<TValues extends FieldValues>(defaultValues: DefaultValues<TValues>, draft: Options<TValues, object>['draft']): DefaultValues<TValues> {
  if (!draft || typeof window === 'undefined') return defaultValues;
  return withValues(defaultValues, readFormDraft(draft.name, window.location.pathname, draft.skip));
}

/** The default values with others over them, by dotted name (`phone.number`). */
function withValues<TValues extends FieldValues>(defaultValues: DefaultValues<TValues>, changed: Record<string, unknown>): DefaultValues<TValues> {
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
