/** An itinerary entry as the trip page shows it: the days it covers and its title without a day label. */
export type ItineraryStep = { from: number; to: number; title: string };

// A day label guides often write at the start of a title ("Day 1 · …", "Jours 3–4 : …", "Día 5 - …").
const DAY_LABEL = /^\s*(?:days?|jours?|d[ií]as?)\s+(\d{1,3})(?:\s*[–—-]\s*(\d{1,3}))?\s*[·:.,–—-]\s*/i;

/**
 * The days of each itinerary entry, in order: those a title's own day label states (the label is
 * taken off the title, so the page's label is not doubled), else the day after the previous entry.
 */
export function itinerarySteps(titles: string[]): ItineraryStep[] {
  let next = 1;
  return titles.map((title) => {
    const label = DAY_LABEL.exec(title);
    const rest = label ? title.slice(label[0].length).trim() : '';
    if (!label || rest === '') {
      const step = { from: next, to: next, title };
      next += 1;
      return step;
    }
    const from = Number(label[1]);
    const to = Math.max(from, Number(label[2] ?? label[1]));
    next = to + 1;
    return { from, to, title: rest };
  });
}
