import { initialFormState, type FormAction, type FormState } from '@/lib/forms/errors';
import { vi } from 'vitest';
import { readFormData, submittedValues, toFormData } from '@/lib/forms/form-data';

/** Sends `values` to a form's Server Action as a browser's form would: as FormData, by dotted name. */
export function post<T>(action: FormAction<T>, values: object): Promise<FormState<T>> {
  return action(initialFormState, toFormData(values));
}

/** A mocked form action that answers stored, with `result` (what the thank-you shows). */
export function answersSent<T>(result: T) {
  return vi.fn(async (_state: FormState<T>, formData: FormData): Promise<FormState<T>> => ({ status: 'sent', formError: null, fieldErrors: {}, values: submittedValues(formData), result }));
}

/** What a mocked form action was sent, in its schema's shape (as text), on its `call`-th call. */
export function sentValues(action: { mock: { calls: unknown[][] } }, call = 0): Record<string, unknown> {
  return readFormData(action.mock.calls[call]![1] as FormData);
}
