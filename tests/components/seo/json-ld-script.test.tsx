// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonLdScript } from '@/components/seo/json-ld-script';

describe('JsonLdScript', () => {
  it('keeps hostile text inside one data block that parses back to the same object', () => {
    const data = { '@context': 'https://schema.org', '@type': 'Product', name: 'Trip </script><script>alert(1)</script><!--', description: '&amp; \u2028' };
    const html = renderToStaticMarkup(<JsonLdScript data={data} />);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    const body = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html)![1]!;
    expect(JSON.parse(body)).toEqual(data);
  });
});
