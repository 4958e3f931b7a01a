import type { ReactNode } from 'react';

/** The framework floor's own document: no fonts, styles, providers or messages of the site. */
export default function BenchFloorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
