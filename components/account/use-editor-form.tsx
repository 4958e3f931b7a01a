'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm, type SubmitState } from '@/components/forms/use-action-form';
import type { ActionResult } from '@/lib/forms/errors';
import styles from './trip-editor.module.css';

type Options<TValues extends FieldValues> = { schema: z.ZodType<unknown, TValues>; defaultValues: DefaultValues<TValues>; action: (input: unknown) => Promise<ActionResult> };

/**
 * A guide-area editor (prices, open groups): the shared action form, a 'saved' note until the next
 * change, the page refreshed from the server once saved, and row errors translated like field errors.
 */
export function useEditorForm<TValues extends FieldValues>({ schema, defaultValues, action }: Options<TValues>) {
  const forms = useTranslations('Forms');
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const actionForm = useActionForm<TValues>({
    schema,
    action,
    defaultValues,
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  /** A row field's error key (e.g. `priceInvalid`), as the traveller reads it. */
  const message = (key: string | undefined) => (key && forms.has(`errors.${key}` as never) ? forms(`errors.${key}` as never) : key);
  return { ...actionForm, saved, clearSaved: () => setSaved(false), message };
}

/** An editor's last lines: the 'saved' note, the form-level message and the save button. */
export function EditorFooter({ saved, savedText, state, formError, label }: { saved: boolean; savedText: string; state: SubmitState; formError: string | null; label: string }) {
  return (
    <>
      {saved ? (
        <p role="status" className={styles.saved}>
          {savedText}
        </p>
      ) : null}
      <FormSubmit state={state} formError={formError} label={label} variant="primary" />
    </>
  );
}
