import { createElement } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FieldKit, PhoneFieldProps } from './field-kit';
import { PhoneField } from './phone-field';
import type { TypedForm } from './typed-form';

/** The phone field of a form whose country the visitor picked before its code arrived. */
const ChosenPhoneField = (props: PhoneFieldProps) => createElement(PhoneField, { ...props, chosen: true });

/** A form's fields drawn by react-hook-form, with the phone field that follows the visitor's country. */
export function clientFieldKit<TValues extends FieldValues>(form: UseFormReturn<TValues>, errorOf: (name: string) => string | undefined, typed?: TypedForm): FieldKit<Path<TValues>> {
  return { register: form.register as FieldKit<Path<TValues>>['register'], errorOf, PhoneField: typed?.values['phone.country'] === undefined ? PhoneField : ChosenPhoneField };
}
