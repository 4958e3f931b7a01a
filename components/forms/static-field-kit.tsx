import { useLocale } from 'next-intl';
import type { FieldKit, PhoneFieldProps } from './field-kit';
import { PhoneFieldView, phoneCountryOptions } from './phone-field-view';

/** The value at a dotted path (`phone.country`) of a form's default values. */
function valueAt(values: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);
}

/** The phone field in the server's HTML: countries named by the server (no hydration to match). */
function StaticPhoneField(props: PhoneFieldProps) {
  const locale = useLocale();
  return <PhoneFieldView {...props} options={phoneCountryOptions(locale, new Intl.DisplayNames([locale], { type: 'region' }))} />;
}

/** A form's fields as the server draws them: named controls holding the default values, no errors yet. */
export function staticFieldKit<TName extends string>(defaultValues: object): FieldKit<TName> {
  return {
    register: (name) => {
      const value = valueAt(defaultValues, name);
      if (typeof value === 'boolean') return { name, defaultChecked: value };
      return typeof value === 'string' || typeof value === 'number' ? { name, defaultValue: value } : { name };
    },
    errorOf: () => undefined,
    PhoneField: StaticPhoneField,
  };
}
