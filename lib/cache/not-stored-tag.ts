// The tag of an answer no cache may keep, such as a search that reached its bounds: Next.js's page
// cache handler (lib/cache/page-store.ts) does not store a page that carries it. Plain
// ESM: that handler loads it outside the app's bundles.
export const NOT_STORED_TAG = 'not-stored';
