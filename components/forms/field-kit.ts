import type { ComponentType } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import type { SubmitState } from './use-action-form';

/**
 * What a field spreads on its control: its name and first value in a server-drawn form
 * (use-form-action.tsx), or react-hook-form's registration in a client island.
 */
export type FieldRegistration = Partial<UseFormRegisterReturn> & { name: string; defaultValue?: string | number; defaultChecked?: boolean };

export type PhoneFieldProps = { country: FieldRegistration; number: FieldRegistration; error?: string; optional?: boolean };

/** How a form's fields are drawn: the same markup for a server-drawn form and a react-hook-form island. */
export type FieldKit<TName extends string> = {
  /** `options`: how react-hook-form reads the control's value (a server-drawn form's schema reads the text). */
  register: (name: TName, options?: { valueAsNumber: true } | { setValueAs: (value: string) => unknown }) => FieldRegistration;
  errorOf: (name: string) => string | undefined;
  PhoneField: ComponentType<PhoneFieldProps>;
};

/** What every request form's fields are drawn with: the kit, the terms' links, and the submit state. */
export type RequestFieldsProps<TValues extends FieldValues> = { kit: FieldKit<Path<TValues>>; termsHref: string; privacyHref: string; state: SubmitState; formError: string | null };
