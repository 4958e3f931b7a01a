import { useLocale, useTranslations } from 'next-intl';
import { localizedPath } from '@/lib/locales';
import styles from './status-page.module.css';

export function NotFoundView() {
  const t = useTranslations('NotFound');
  const locale = useLocale();
  return (
    <section className={styles.status} data-testid="not-found">
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <div className={styles.actions}>
        <a className={styles.primary} href={localizedPath(locale, '/')}>
          {t('backHome')}
        </a>
        <a className={styles.secondary} href={localizedPath(locale, '/search')}>
          {t('search')}
        </a>
      </div>
    </section>
  );
}
