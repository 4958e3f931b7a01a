import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/locales';
import styles from './reviews.module.css';

type Props = { locale: Locale; inLanguage: number; total: number; children: ReactNode };

/**
 * "Reviews in Français (n) / All languages" over a list of reviews whose items written in another
 * language carry `data-other-language` (see `otherLanguage`): two radio buttons and a CSS rule, so it
 * works without JavaScript and on a page cached whole. Shown only when it would change the list.
 */
export function ReviewLanguageFilter({ locale, inLanguage, total, children }: Props) {
  const t = useTranslations('Reviews');
  if (inLanguage === 0 || inLanguage === total) return <>{children}</>;
  // The language named as its readers write it: "français", "español", "English".
  const language = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return (
    <div className={styles.filtered} data-testid="review-language-filter">
      <fieldset className={styles.filter}>
        <legend>{t('filterLegend')}</legend>
        <label>
          <input type="radio" name="review-language" value="reader" /> {t('inLanguage', { language, count: inLanguage })}
        </label>
        <label>
          <input type="radio" name="review-language" value="all" defaultChecked /> {t('allLanguages')}
        </label>
      </fieldset>
      {children}
    </div>
  );
}

/** The attribute that marks a review written in another language than the page's (a review without a comment has none). */
export function otherLanguage(commentLanguage: string | null, locale: Locale): { 'data-other-language'?: string } {
  return commentLanguage === locale ? {} : { 'data-other-language': commentLanguage ?? 'none' };
}
