import styles from './search-suggest.module.css';

/**
 * Destination search as you type on a plain GET search box: the WAI-ARIA APG combobox with a
 * listbox (arrows move, Enter opens the active suggestion or submits the typed text, Escape
 * closes, aria-activedescendant, a polite live region with the count). Plain DOM, no framework:
 * it is loaded on first focus (search-suggest-loader.tsx) and must stay tiny.
 */

type Item = { kind: 'place' | 'activity' | 'trip'; label: string; detail: string | null; href: string };

/** Milliseconds of quiet typing before asking. */
const DEBOUNCE_MS = 150;
let boxes = 0;

export function attachSuggestions(input: HTMLInputElement): void {
  const url = input.dataset.suggest!;
  const locale = input.dataset.suggestLocale ?? 'en';
  const kinds = JSON.parse(input.dataset.suggestKinds ?? '{}') as Record<Item['kind'], string>;
  const counts = JSON.parse(input.dataset.suggestCounts ?? '{}') as { none: string; one: string; many: string };
  const id = `${input.id || 'search'}-suggest-${++boxes}`;

  // The server draws the box as a collapsed combobox with its hidden listbox; a box without one gets both here.
  const drawn = document.getElementById(input.getAttribute('aria-controls') ?? '');
  const list = drawn instanceof HTMLUListElement ? drawn : document.createElement('ul');
  if (!list.id) list.id = `${id}-list`;
  list.setAttribute('role', 'listbox');
  list.className = styles.list!;
  list.hidden = true;
  const labelledBy = input.labels?.[0];
  if (labelledBy && !list.hasAttribute('aria-labelledby')) {
    labelledBy.id ||= `${id}-label`;
    list.setAttribute('aria-labelledby', labelledBy.id);
  }
  const status = document.createElement('div');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  status.className = styles.status!;
  document.body.append(list, status);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);

  let items: Item[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;

  const place = () => {
    const box = (input.form ?? input).getBoundingClientRect();
    const margin = 8;
    const width = Math.min(Math.max(box.width, 280), window.innerWidth - 2 * margin);
    list.style.top = `${box.bottom + 4}px`;
    list.style.left = `${Math.max(margin, Math.min(box.left, window.innerWidth - margin - width))}px`;
    list.style.width = `${width}px`;
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const setActive = (index: number) => {
    active = index;
    list.querySelectorAll('[role=option]').forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    if (index < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', `${id}-${index}`);
      list.children[index]?.scrollIntoView({ block: 'nearest' });
    }
  };
  const go = (item: Item) => window.location.assign(item.href);
  const render = (next: Item[], q = '') => {
    // The same answer again (a slower duplicate, a refetch) keeps the visitor's place in the list.
    const same = next.length > 0 && JSON.stringify(next) === JSON.stringify(items);
    list.dataset.suggestFor = q;
    if (same) return;
    items = next;
    list.replaceChildren(
      ...next.map((item, index) => {
        const option = document.createElement('li');
        option.id = `${id}-${index}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.className = styles.option!;
        const label = document.createElement('span');
        label.className = styles.label!;
        label.textContent = item.label;
        const detail = document.createElement('span');
        detail.className = styles.detail!;
        detail.textContent = [kinds[item.kind], item.detail].filter(Boolean).join(' · ');
        option.append(label, detail);
        // mousedown, not click: the input keeps its focus until the page changes.
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          go(item);
        });
        return option;
      }),
    );
    status.textContent = next.length === 0 ? counts.none : next.length === 1 ? counts.one : counts.many.replace('{count}', String(next.length));
    active = -1;
    input.removeAttribute('aria-activedescendant');
    if (next.length && document.activeElement === input) {
      place();
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    } else close();
  };
  const ask = async () => {
    const q = input.value.trim();
    pending?.abort();
    if (q.length < 2) {
      render([]);
      status.textContent = '';
      return;
    }
    pending = new AbortController();
    try {
      const response = await fetch(`${url}?${new URLSearchParams({ q: q.slice(0, 60), locale })}`, { signal: pending.signal });
      if (!response.ok) return render([]);
      const body = (await response.json()) as { items?: Item[] };
      render(Array.isArray(body.items) ? body.items : [], q);
    } catch {
      // Aborted by newer typing, or offline: the box stays a plain search.
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!items.length) return;
      event.preventDefault();
      if (!open) {
        place();
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
      }
      // Down from the box goes to the first, up to the last; both wrap around.
      setActive(event.key === 'ArrowDown' ? (active + 1) % items.length : active <= 0 ? items.length - 1 : active - 1);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      go(items[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', close);
  window.addEventListener('resize', () => !list.hidden && place());
  window.addEventListener('scroll', () => !list.hidden && place(), { passive: true });
  if (input.value.trim()) void ask();
}
