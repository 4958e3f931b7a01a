import type { ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FeatureIcon, type FeatureIconName } from './feature-icon';
import styles from './request-page.module.css';

/** The page's opening: eyebrow, title, lead, a call to the form, and a visual beside it. */
export function RequestHero({ eyebrow, title, lead, action, visual }: { eyebrow: string; title: string; lead: string; action: ReactNode; visual: ReactNode }) {
  return (
    <section className={styles.hero} aria-labelledby="request-page-title">
      <div>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="request-page-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {action}
      </div>
      <div className={styles.visual}>{visual}</div>
    </section>
  );
}

export type Feature = { icon: FeatureIconName; title: string; text: string };

/** What the service offers, as four short points with an icon. */
export function RequestFeatures({ title, features }: { title: string; features: readonly Feature[] }) {
  return (
    <section aria-labelledby="request-page-features">
      <h2 id="request-page-features" className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.features}>
        {features.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon}>
              <FeatureIcon name={feature.icon} />
            </span>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.featureText}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The numbered steps from request to trip, beside the form. */
export function RequestSteps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <aside className={styles.aside} aria-labelledby="request-page-steps">
      <h2 id="request-page-steps" className={styles.asideTitle}>
        {title}
      </h2>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step} className={styles.step}>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </aside>
  );
}

/** The hero's call to the request form further down the page, as a large accent button. */
export function RequestFormLink({ formId, label }: { formId: string; label: string }) {
  return (
    <a href={`#${formId}`} className={buttonClassName({ variant: 'accent', size: 'lg', className: styles.heroAction })}>
      {label}
    </a>
  );
}

/** The request form's card (`id`, the hero's link target): its title, an intro, then the form. */
export function RequestFormCard({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Card as="section" padded className={styles.formCard} id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.formTitle}>
        {title}
      </h2>
      <p className={styles.formIntro}>{intro}</p>
      {children}
    </Card>
  );
}
