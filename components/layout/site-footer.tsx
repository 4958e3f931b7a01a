import { useLocale, useTranslations } from 'next-intl';
import { footerLanguageItems, type Alternates } from '@/lib/routing/languages';
import { footerLinks, type LinkSettings } from '@/lib/routing/site-links';
import { staticPagePath } from '@/lib/routing/static-pages';
import { NewsletterBlock } from './newsletter-block';
import styles from './site-footer.module.css';

/** A destination or activity link of the footer (from the catalogue; empty in the fatal-error fallback). */
export type FooterEntry = { label: string; href: string };

type Props = {
  settings: LinkSettings;
  alternates?: Alternates;
  countries?: FooterEntry[];
  activities?: FooterEntry[];
};

const socialNetworks = [
  { name: 'Instagram', href: 'https://www.instagram.com/cordee.travel' },
  { name: 'Facebook', href: 'https://www.facebook.com/cordee.travel' },
  { name: 'YouTube', href: 'https://www.youtube.com/@cordee.travel' },
] as const;

/**
 * spec §1 and §2: the footer of every page: newsletter, localized links, social links, the
 * rescue-cover partner badge, the language list and the copyright with the current year.
 * Synchronous and hook-based, so the client-side error fallback can render it too.
 */
export function SiteFooter({ settings, alternates = {}, countries = [], activities = [] }: Props) {
  const t = useTranslations('Footer');
  const locale = useLocale();
  const links = footerLinks(settings, locale);
  const groups = [
    { heading: t('aboutHeading'), links: links.company },
    { heading: t('helpHeading'), links: links.help },
    { heading: t('guidesHeading'), links: links.guides },
  ];
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <NewsletterBlock settings={settings} />
        <div className={styles.columns}>
          {groups.map((group) => (
            <nav key={group.heading} aria-label={group.heading} className={styles.column}>
              <h2 className={styles.heading}>{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.key}>
                    <a href={link.href} data-footer-link={link.key} {...(link.external ? { target: '_blank', rel: 'noopener' } : {})}>
                      {t(link.key)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          {[countries, activities].map((entries, index) =>
            entries.length === 0 ? null : (
              <ul key={index} className={styles.column}>
                {entries.map((entry) => (
                  <li key={entry.href}>
                    <a href={entry.href}>{entry.label}</a>
                  </li>
                ))}
              </ul>
            ),
          )}
          <div className={styles.column}>
            <h2 className={styles.heading}>{t('followHeading')}</h2>
            <ul>
              {socialNetworks.map((network) => (
                <li key={network.name}>
                  <a href={network.href} target="_blank" rel="noopener" aria-label={t('social', { network: network.name })}>
                    {network.name}
                  </a>
                </li>
              ))}
            </ul>
            <a href={staticPagePath('insurance', locale)} className={styles.badge} data-testid="rescue-badge">
              <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
                <path d="M14 2 L25 6 V13 C25 20 20 24.5 14 26 C8 24.5 3 20 3 13 V6 Z" fill="#c62828" />
                <path d="M12 8 H16 V12 H20 V16 H16 V20 H12 V16 H8 V12 H12 Z" fill="#fff" />
              </svg>
              <span>
                <strong>{t('rescueBadge')}</strong>
                <span className={styles.badgeText}>{t('rescueBadgeText')}</span>
              </span>
            </a>
          </div>
        </div>
        <p className={styles.promise}>{t('promise')}</p>
        <div className={styles.bottom}>
          <nav aria-label={t('languagesHeading')}>
            <ul className={styles.languages}>
              {footerLanguageItems(alternates).map((item) => (
                <li key={item.code}>
                  <a href={item.slug} hrefLang={item.code} lang={item.code} aria-current={item.code === locale ? 'true' : undefined}>
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className={styles.copyright}>{t('copyright', { year })}</p>
        </div>
        <p className={styles.tagline}>{t('tagline')}</p>
      </div>
    </footer>
  );
}
