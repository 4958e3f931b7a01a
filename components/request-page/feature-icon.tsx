/** The small line icons of the gift cards and concierge pages (decorative: the text beside them says it all). */
const paths = {
  mountain: 'M3 19l6.5-11 4 6.5 2.5-4L21 19z M9.5 8l1.8 3',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4 M8 14h3v3H8z',
  message: 'M4 5h16v11H9l-5 4z M8 9h8 M8 12h5',
  mail: 'M3 6h18v12H3z M3 7l9 6 9-6',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c1-4 4.5-6 8-6s7 2 8 6',
  shield: 'M12 3l8 3v5c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z M8.5 12l2.5 2.5 4.5-5',
  route: 'M5 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M19 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M7 16h6a3 3 0 0 0 0-6h-2a3 3 0 0 1 0-6h6',
  check: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M8 12.5l2.7 2.7L16 10',
} as const;

export type FeatureIconName = keyof typeof paths;

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
