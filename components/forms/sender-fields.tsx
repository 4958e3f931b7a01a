import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import styles from './forms.module.css';
import { PhoneField } from './phone-field';

type Props = {
  /** The form's `register`: its values have `name`, `email` and `phone` (lib/forms/fields.ts senderFields). */
  register: (name: 'name' | 'email' | 'phone.country' | 'phone.number') => UseFormRegisterReturn;
  errorOf: (name: string) => string | undefined;
};

/** Who writes to the team: full name, then e-mail and an optional phone side by side. */
export function SenderFields({ register, errorOf }: Props) {
  const forms = useTranslations('Forms');
  return (
    <>
      <Input {...register('name')} label={forms('labels.fullName')} autoComplete="name" required error={errorOf('name')} />
      <div className={styles.row}>
        <Input {...register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={errorOf('email')} />
        <PhoneField country={register('phone.country')} number={register('phone.number')} error={errorOf('phone')} optional />
      </div>
    </>
  );
}
