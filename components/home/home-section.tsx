import type { ReactNode } from 'react';
import styles from './home-sections.module.css';

type Props = {
  /** Prefix of the heading's id (the section's accessible name). */
  id: string;
  title: string;
  intro?: string;
  /** A link to the whole list the section previews. */
  more?: { href: string; label: string };
  children: ReactNode;
};

/** A home page section: a level-2 heading, an optional lead and a link to see everything. */
export function HomeSection({ id, title, intro, more, children }: Props) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} data-testid={`home-${id}`}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={`${id}-title`} className={styles.sectionTitle}>
            {title}
          </h2>
          {intro ? <p className={styles.sectionIntro}>{intro}</p> : null}
        </div>
        {more ? (
          <a href={more.href} className={styles.more}>
            {more.label}
            <span aria-hidden="true">→</span>
          </a>
        ) : null}
      </div>
      {children}
    </section>
  );
}
