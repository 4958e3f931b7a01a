import { useTranslations } from 'next-intl';
import { Input } from '@/components/ui/input';
import type { FieldKit } from './field-kit';
import styles from './forms.module.css';

/** Who writes to the team: full name, then e-mail and an optional phone side by side (lib/forms/fields.ts senderFields). */
export function SenderFields({ kit }: { kit: FieldKit<'name' | 'email' | 'phone.country' | 'phone.number'> }) {
  const forms = useTranslations('Forms');
  const { register, errorOf, PhoneField } = kit;
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
