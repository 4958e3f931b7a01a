import { useTranslations } from 'next-intl';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import { absoluteUrl } from '@/lib/site-config';
import { breadcrumbJsonLd } from '@/lib/structured-data';
import styles from './breadcrumb.module.css';

export type BreadcrumbItem = { label: string; href: string };

/** spec §2: the trail marks its last item as the current page. The home item comes first. Search engines read the same trail as a BreadcrumbList. */
export function Breadcrumb({ items, homeHref }: { items: BreadcrumbItem[]; homeHref: string }) {
  const t = useTranslations('Breadcrumb');
  const trail = [{ label: t('home'), href: homeHref }, ...items];
  return (
    <nav aria-label={t('label')} className={styles.breadcrumb} data-testid="breadcrumb">
      <ol>
        {trail.map((item, index) =>
          index === trail.length - 1 ? (
            <li key={item.href}>
              <span aria-current="page">{item.label}</span>
            </li>
          ) : (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ),
        )}
      </ol>
      <JsonLdScript data={breadcrumbJsonLd(trail.map((item) => ({ label: item.label, url: absoluteUrl(item.href) })))} />
    </nav>
  );
}
