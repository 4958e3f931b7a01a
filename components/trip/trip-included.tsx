import { useTranslations } from 'next-intl';
import { includedItemGroups, type IncludedItem, type IncludedItemGroup } from '@/lib/catalogue/vocabulary';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';
import styles from './trip-page.module.css';

/** Items grouped as the vocabulary groups them (spec §3), groups with no item left out. */
function grouped(items: readonly IncludedItem[]): [IncludedItemGroup, IncludedItem[]][] {
  return (Object.entries(includedItemGroups) as [IncludedItemGroup, readonly IncludedItem[]][])
    .map(([group, members]): [IncludedItemGroup, IncludedItem[]] => [group, members.filter((item) => items.includes(item))])
    .filter(([, members]) => members.length > 0);
}

/** Included and not-included items, each in its groups. */
export function TripIncluded({ included, notIncluded }: { included: readonly IncludedItem[]; notIncluded: readonly IncludedItem[] }) {
  const t = useTranslations('TripPage.included');
  const catalogue = useTranslations('Catalogue');
  const column = (kind: 'included' | 'notIncluded', items: readonly IncludedItem[]) =>
    items.length === 0 ? null : (
      <div className={styles.includedColumn} data-testid={`items-${kind}`}>
        <h3>{t(kind)}</h3>
        {grouped(items).map(([group, members]) => (
          <div key={group}>
            <h4>{catalogue(`includedGroup.${group}`)}</h4>
            <ul className={kind === 'included' ? styles.checkList : styles.crossList}>
              {members.map((item) => (
                <li key={item}>
                  <span className={visuallyHiddenClassName}>{kind === 'included' ? t('includedMark') : t('notIncludedMark')}</span>
                  {catalogue(`includedItem.${item}`)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    );
  return (
    <div className={styles.includedGrid}>
      {column('included', included)}
      {column('notIncluded', notIncluded)}
    </div>
  );
}
