// A JSON file the build made (app/api/phone-countries, app/api/form-errors), fetched once per page
// by the first component that needs it and read once; a failed load is tried again by the next call.
const loads = new Map<string, Promise<unknown>>();

/** The file at `path` as `read` makes it (null: not what was expected, a failed load). */
export function fetchBuildJson<T>(path: string, read: (body: unknown) => T | null): Promise<T> {
  let loaded = loads.get(path) as Promise<T> | undefined;
  if (!loaded) {
    loaded = fetch(path, { headers: { accept: 'application/json' } }).then(async (response) => {
      const made = read(response.ok ? await response.json() : null);
      if (made === null) throw new Error(`${path}: ${response.status}`);
      return made;
    });
    loaded.catch(() => loads.delete(path));
    loads.set(path, loaded);
  }
  return loaded;
}
