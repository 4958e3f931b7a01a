import type { ComponentType } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import type { SubmitState } from './use-action-form';

/**
 * What a field spreads on its control: react-hook-form's registration once the form's code has
 * arrived, or only its name and first value in the server's HTML before (static-field-kit.tsx).
 */
export type FieldRegistration = Partial<UseFormRegisterReturn> & { name: string; defaultValue?: string | number; defaultChecked?: boolean };

export type PhoneFieldProps = { country: FieldRegistration; number: FieldRegistration; error?: string; optional?: boolean };

/**
 * How a request form's fields are drawn, the same markup on the server (before the form's code
 * arrives, deferred-form.tsx) and in the browser (react-hook-form, client-field-kit.ts).
 */
export type FieldKit<TName extends string> = {
  /** `options`: how react-hook-form reads the control's value (ignored in the server's HTML). */
  register: (name: TName, options?: { valueAsNumber: true } | { setValueAs: (value: string) => unknown }) => FieldRegistration;
  errorOf: (name: string) => string | undefined;
  PhoneField: ComponentType<PhoneFieldProps>;
};

/** What every request form's fields are drawn with: the kit, the terms' links, and the submit state. */
export type RequestFieldsProps<TValues extends FieldValues> = { kit: FieldKit<Path<TValues>>; termsHref: string; privacyHref: string; state: SubmitState; formError: string | null };
