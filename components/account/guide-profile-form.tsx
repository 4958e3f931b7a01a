'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import { Input, Textarea } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import type { FormAction } from '@/lib/forms/errors';
import { bioFields, MAX_BIO_LENGTH } from '@/lib/forms/guide-field-limits';
import type { Locale } from '@/lib/locales';
import { GuideLanguagesField, type LanguageChoice } from './guide-languages-field';

export type GuideProfileValues = { bios: Record<Locale, string>; languages: string[]; certifications: string[]; responseHours: number; website: string | null };

type Props = {
  action: FormAction<{ ok: true; certificationsPending: boolean }>;
  profile: GuideProfileValues;
  /** The bio fields, in the page's language first: each locale with its label. */
  bioLocales: ReadonlyArray<{ locale: Locale; label: string }>;
  languages: readonly LanguageChoice[];
  responseHours: readonly SelectOption[];
};

/** An approved guide's public page: bios per language, languages, certifications (one per line), the reply time they promise. */
export function GuideProfileForm({ action, profile, bioLocales, languages, responseHours }: Props) {
  const t = useTranslations('GuideProfile');
  const defaults = {
    ...Object.fromEntries(Object.entries(bioFields).map(([locale, field]) => [field, profile.bios[locale as Locale]])),
    certifications: profile.certifications.join('\n'),
    responseHours: String(profile.responseHours),
    webAddress: profile.website ?? '',
  };
  const form = useFormAction(action, defaults, { schema: () => import('@/lib/forms/guide-application-schemas').then((schemas) => schemas.guideProfileSchema) });
  const { kit, state } = form;
  const router = useRouter();
  // Saved: the server draws the area again (pending certifications, the bios as stored).
  useEffect(() => {
    if (state.status === 'sent') router.refresh();
  }, [state, router]);
  return (
    <ActionForm form={form} testId="guide-profile-form">
      {bioLocales.map(({ locale, label }) => (
        <Textarea key={locale} {...kit.register(bioFields[locale])} lang={locale} label={label} hint={t('bioHint')} rows={5} limit={MAX_BIO_LENGTH} error={kit.errorOf(bioFields[locale])} />
      ))}
      <GuideLanguagesField legend={t('languages')} choices={languages} chosen={profile.languages} state={state} error={kit.errorOf('languages')} />
      <Textarea {...kit.register('certifications')} label={t('certifications')} hint={t('certificationsHint')} rows={4} required error={kit.errorOf('certifications')} />
      <Select {...kit.register('responseHours')} label={t('responseHours')} options={responseHours} required error={kit.errorOf('responseHours')} />
      <Input {...kit.register('webAddress')} type="url" inputMode="url" label={t('website')} autoComplete="url" error={kit.errorOf('webAddress')} />
      {state.status === 'sent' ? (
        <p role="status" data-testid="profile-saved">
          {t(state.result?.certificationsPending ? 'savedPending' : 'saved')}
        </p>
      ) : null}
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={kit.errorOf('form') ?? state.formError} label={t('submit')} variant="primary" />
    </ActionForm>
  );
}
