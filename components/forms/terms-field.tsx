import { useTranslations } from 'next-intl';
import { Checkbox } from '@/components/ui/checkbox';
import type { FieldRegistration } from './field-kit';

/** The accepted-terms-and-privacy checkbox every form asks for; the links open in a new tab so nothing typed is lost. */
export function TermsField({ registration, error, termsHref, privacyHref }: { registration: FieldRegistration; error?: string; termsHref: string; privacyHref: string }) {
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
