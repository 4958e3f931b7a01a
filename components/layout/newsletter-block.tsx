import { useTranslations } from 'next-intl';
import { newsletterForm, type LinkSettings } from '@/lib/routing/site-links';
import styles from './site-footer.module.css';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';

/**
 * spec §2 "Newsletter": the button opens the third-party subscribe page in a new tab with the
 * e-mail as a query value. A plain GET form does exactly that with no JavaScript; the field is
 * not validated here (the subscribe page validates).
 */
export function NewsletterBlock({ settings }: { settings: LinkSettings }) {
  const t = useTranslations('Newsletter');
  const form = newsletterForm(settings);
  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-title" data-testid="newsletter">
      <div>
        <h2 id="newsletter-title" className={styles.newsletterTitle}>
          {t('title')}
        </h2>
        <p className={styles.newsletterText}>{t('text')}</p>
      </div>
      <form action={form.action} method="get" target="_blank" rel="noopener" className={styles.newsletterForm} noValidate>
        {form.hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="newsletter-email" className={visuallyHiddenClassName}>
          {t('emailLabel')}
        </label>
        <input id="newsletter-email" name={form.emailParam} type="text" inputMode="email" autoComplete="email" placeholder={t('emailPlaceholder')} />
        <button type="submit">
          {t('submit')}
          <span className={visuallyHiddenClassName}> ({t('opensInNewTab')})</span>
        </button>
      </form>
    </section>
  );
}
