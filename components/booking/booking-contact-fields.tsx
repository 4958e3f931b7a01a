'use client';

import { useTranslations } from 'next-intl';
import type { FieldKit } from '@/components/forms/field-kit';
import formStyles from '@/components/forms/forms.module.css';
import { Input, Textarea } from '@/components/ui/input';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';

/** Who asks for the trip and what they wish: the same fields in the drawer (react-hook-form) and in the page (server-drawn). */
export function BookingContactFields({ kit }: { kit: FieldKit<'firstName' | 'lastName' | 'email' | 'phone.country' | 'phone.number' | 'comment'> }) {
  const forms = useTranslations('Forms');
  const { register, errorOf, PhoneField } = kit;
  return (
    <>
      <div className={formStyles.row}>
        <Input {...register('firstName')} label={forms('labels.firstName')} autoComplete="given-name" required error={errorOf('firstName')} />
        <Input {...register('lastName')} label={forms('labels.lastName')} autoComplete="family-name" required error={errorOf('lastName')} />
      </div>
      <Input {...register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={errorOf('email')} />
      <PhoneField country={register('phone.country')} number={register('phone.number')} error={errorOf('phone')} />
      <Textarea {...register('comment')} label={forms('labels.comment')} rows={4} limit={MAX_MESSAGE_LENGTH} required error={errorOf('comment')} />
    </>
  );
}
