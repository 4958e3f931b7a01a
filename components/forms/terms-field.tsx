'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';

/** The accepted-terms-and-privacy checkbox every form asks for; the links open in a new tab so nothing typed is lost. */
export function TermsField({ registration, error, termsHref, privacyHref }: { registration: UseFormRegisterReturn; error?: string; termsHref: string; privacyHref: string }) {
  const t = useTranslations('Forms');
  return (
    <Checkbox
      {...registration}
      error={error}
      label={t.rich('acceptTerms', {
        terms: (chunks) => (
          <a href={termsHref} target="_blank" rel="noopener">
            {chunks}
          </a>
        ),
        privacy: (chunks) => (
          <a href={privacyHref} target="_blank" rel="noopener">
            {chunks}
          </a>
        ),
      })}
    />
  );
}
