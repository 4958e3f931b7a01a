import type { CSSProperties } from 'react';
import { siteImages } from '@/lib/site-config';
import { initialsOf } from '@/lib/text/initials';
import { cx } from '@/components/ui/cx';
import styles from './guide-avatar.module.css';

/**
 * spec §3 guide avatar (`guides/{id}/avatar`), or the name's initials when the guide has none.
 * Decorative: the guide's name is always written next to it.
 */
export function GuideAvatar({
  guide,
  size,
  className,
  eager = false,
}: {
  guide: { key: string; name: string; hasAvatar: boolean };
  size: number;
  className?: string;
  /** Above the fold: load at once. */
  eager?: boolean;
}) {
  if (!guide.hasAvatar) {
    return (
      <span className={cx(styles.avatar, styles.initials, className)} style={{ '--avatar-size': `${size}px` } as CSSProperties} aria-hidden="true" data-testid="guide-initials">
        <span className={styles.letters}>{initialsOf(guide.name)}</span>
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- small SVG avatar from the assets host
  return <img className={cx(styles.avatar, className)} src={siteImages().guideAvatar(guide.key)} alt="" width={size} height={size} loading={eager ? undefined : 'lazy'} />;
}
