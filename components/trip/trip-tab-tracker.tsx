'use client';

import { useEffect, useRef } from 'react';

/** How far below the sticky tab bar a section's top may be and still be the one being read (px). */
const READING_OFFSET = 24;

/**
 * The tab of the section being read: the last one, in page order, whose top has reached the line
 * just below the sticky header and tab bar, measured on the page (their height differs between
 * phones and desktops). Null above the first section.
 */
function currentSection(sections: readonly HTMLElement[], line: number): string | null {
  let current: string | null = null;
  for (const section of sections) if (section.getBoundingClientRect().top <= line) current = section.id;
  return current;
}

/**
 * Marks the tab of the section being read (`aria-current="location"`) and scrolls the tab strip,
 * not the page, to keep it in view. Renders nothing; the links work without it.
 */
export function TripTabTracker() {
  const anchor = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const bar = anchor.current?.closest('nav');
    const strip = bar?.querySelector('ul');
    if (!bar || !strip) return;
    const links = [...bar.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
    const sections = links.map((link) => document.getElementById(link.dataset.tab ?? '')).filter((el): el is HTMLElement => el !== null);
    let frame = 0;
    const mark = () => {
      frame = 0;
      const current = currentSection(sections, bar.getBoundingClientRect().bottom + READING_OFFSET);
      for (const link of links) {
        const active = link.dataset.tab === current;
        if (active && link.getAttribute('aria-current') !== 'location') {
          link.setAttribute('aria-current', 'location');
          const left = link.offsetLeft;
          const right = left + link.offsetWidth;
          if (left < strip.scrollLeft || right > strip.scrollLeft + strip.clientWidth) strip.scrollTo({ left: Math.max(0, left - READING_OFFSET) });
        } else if (!active) link.removeAttribute('aria-current');
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(mark);
    };
    mark();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);

  return <span ref={anchor} hidden />;
}
