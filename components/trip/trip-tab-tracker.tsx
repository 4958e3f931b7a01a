'use client';

import { useEffect, useRef } from 'react';

/**
 * Marks the tab of the section being read (`aria-current="location"`) and keeps it in view in the
 * scrollable tab bar. Renders nothing; the links work without it.
 */
export function TripTabTracker() {
  const anchor = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const bar = anchor.current?.closest('nav');
    if (!bar) return;
    const links = [...bar.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
    const sections = links.map((link) => document.getElementById(link.dataset.tab ?? '')).filter((el): el is HTMLElement => el !== null);
    const visible = new Map<string, number>();
    const mark = () => {
      // The first section (in page order) that is on screen is the current one.
      const current = sections.find((section) => (visible.get(section.id) ?? 0) > 0)?.id;
      for (const link of links) {
        const active = link.dataset.tab === current;
        if (active && link.getAttribute('aria-current') !== 'location') {
          link.setAttribute('aria-current', 'location');
          link.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        } else if (!active) link.removeAttribute('aria-current');
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting ? entry.intersectionRatio || 0.01 : 0);
        mark();
      },
      // The band below the sticky header and tab bar counts as "being read".
      { rootMargin: '-140px 0px -55% 0px', threshold: [0, 0.01, 0.5] },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, []);

  return <span ref={anchor} hidden />;
}
