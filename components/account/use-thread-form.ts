'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useFormAction } from '@/components/forms/use-form-action';
import type { FormAction, Submitted } from '@/lib/forms/errors';

/** What an action on a request answers once done: the request's reference as people read it. */
export type ThreadAction = FormAction<{ ok: true } & Submitted>;

/**
 * A form under a request, drawn by the server with its Server Action as `action`. Once a step is
 * stored, the page is drawn again by the server to show where the request stands (after a POST
 * without JavaScript, the answer already is that page).
 */
export function useThreadForm(action: ThreadAction, defaults: object) {
  const form = useFormAction(action, defaults);
  const router = useRouter();
  useEffect(() => {
    if (form.state.status === 'sent') router.refresh();
  }, [form.state, router]);
  return form;
}
