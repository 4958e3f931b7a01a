import { useTranslations } from 'next-intl';
import type { TripTab } from './trip-sections';
import { TripTabTracker } from './trip-tab-tracker';
import styles from './trip-page.module.css';

/** The sticky tab bar: in-page links to each section that has content; the tracker marks the current one. */
export function TripTabBar({ tabs }: { tabs: TripTab[] }) {
  const t = useTranslations('TripPage.tabs');
  return (
    <nav className={styles.tabBar} aria-label={t('label')} data-testid="trip-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab}>
            <a href={`#${tab}`} data-tab={tab}>
              {t(tab)}
            </a>
          </li>
        ))}
      </ul>
      <TripTabTracker />
    </nav>
  );
}
