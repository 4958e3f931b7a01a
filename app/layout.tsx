import type { ReactNode } from 'react';

// The <html> element lives in app/[locale]/layout.tsx, where the locale is known. This root
// layout exists so that app/not-found.tsx can answer requests outside any locale.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
