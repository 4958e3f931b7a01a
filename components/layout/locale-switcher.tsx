import { useLocale, useTranslations } from 'next-intl';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';
import { languageOptions, type Alternates } from '@/lib/routing/languages';
import control from './header-control.module.css';
import styles from './locale-switcher.module.css';

/**
 * spec §2: shown only when more than one language version of the page exists; each option links
 * to the page's own translation. A disclosure of plain links: no client JavaScript, crawlable.
 */
export function LocaleSwitcher({ alternates }: { alternates: Alternates }) {
  const t = useTranslations('LocaleSwitcher');
  const locale = useLocale();
  const options = languageOptions(alternates);
  if (options.length < 2) return null;
  const current = options.find((option) => option.key === locale);
  return (
    <details className={styles.switcher} data-testid="locale-switcher">
      {/* Named by its text, the visible code included (WCAG 2.5.3): "Language: English EN" (French: "Langue : …"). */}
      <summary className={control.control}>
        <span className={visuallyHiddenClassName}>{t('summary', { language: current?.label ?? locale })}</span>{' '}
        <span aria-hidden="true" className={styles.globe}>
          ◍
        </span>
        {locale.toUpperCase()}
      </summary>
      <ul className={styles.menu}>
        {options.map((option) => (
          <li key={option.key}>
            <a
              href={option.link}
              hrefLang={option.key}
              lang={option.key}
              aria-current={option.key === locale ? 'true' : undefined}
              aria-label={option.key === locale ? t('current', { language: option.label }) : undefined}
            >
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
