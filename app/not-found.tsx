import Link from 'next/link';
import en from '@/messages/en.json';

/** A request outside every locale (for example a file path no route serves): the English 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0, padding: '4rem 1rem', textAlign: 'center', color: '#1b2420' }}>
        <main>
          <h1>{en.NotFound.title}</h1>
          <p>{en.NotFound.text}</p>
          <Link href="/" style={{ color: '#1f5c45', fontWeight: 700 }}>
            {en.NotFound.backHome}
          </Link>
        </main>
      </body>
    </html>
  );
}
