import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Framework floor', robots: { index: false, follow: false } };

/**
 * `npm run bench`'s reference: the smallest page Next.js serves, prerendered, outside the
 * proxy. Each page's throughput and JavaScript are reported against it.
 */
export default function BenchFloorPage() {
  return (
    <main>
      <h1>Framework floor</h1>
    </main>
  );
}
