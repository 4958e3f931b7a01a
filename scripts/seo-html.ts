/** Reading server HTML the way a crawler does: tags and attributes, no browser. */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => entities[name]!);
}

/** Every opening tag `name` with its attributes (names lower-cased, values decoded). */
export function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((match) => {
    const attributes: Record<string, string> = {};
    for (const attribute of match[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attributes[attribute[1]!.toLowerCase()] = decodeEntities(attribute[2] ?? '');
    return attributes;
  });
}

export function metaContent(html: string, key: string): string[] {
  return tags(html, 'meta')
    .filter((meta) => meta.name === key || meta.property === key)
    .map((meta) => meta.content ?? '');
}

/** The page's hreflang alternates, hreflang → absolute URL. */
export function hreflangLinks(html: string): Record<string, string> {
  return Object.fromEntries(
    tags(html, 'link')
      .filter((link) => link.rel === 'alternate' && link.hreflang)
      .map((link) => [link.hreflang!, link.href!]),
  );
}

/** The parsed JSON-LD blocks, flattened through `@graph`. */
export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const data = JSON.parse(match[1]!) as Record<string, unknown>;
    return Array.isArray(data['@graph']) ? (data['@graph'] as Record<string, unknown>[]) : [data];
  });
}

export function typesOf(block: Record<string, unknown>): string[] {
  const type = block['@type'];
  return Array.isArray(type) ? (type as string[]) : [type as string];
}

/** The text of an element's HTML, tags removed, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();
}
