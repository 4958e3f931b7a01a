'use client';

import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './tabs.module.css';

export interface TabItem {
  /** Stable id, unique within the Tabs. */
  id: string;
  /** Tab text (translated by the caller). */
  label: ReactNode;
  /** Panel content. All panels are rendered (inactive ones `hidden`), so their content is in the HTML. */
  content: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list (aria-label). */
  label: string;
  items: readonly TabItem[];
  /** Initially selected tab; defaults to the first one. */
  defaultId?: string;
  /** Called after the selected tab changes. */
  onChange?: (id: string) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: roving tabindex, ←/→ (wrapping), Home/End.
 * Tab moves from the selected tab into its panel.
 */
export function Tabs({ label, items, defaultId, onChange, className }: TabsProps) {
  const baseId = useId();
  const [chosenId, setChosenId] = useState(defaultId);
  const selectedId = items.some((item) => item.id === chosenId) ? chosenId : items[0]?.id;

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const select = (id: string) => {
    if (id === selectedId) return;
    setChosenId(id);
    onChange?.(id);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((item) => item.id === selectedId);
    const last = items.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = current >= last ? 0 : current + 1;
        break;
      case 'ArrowLeft':
        next = current <= 0 ? last : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    const target = items[next];
    if (!target) return;
    event.preventDefault();
    select(target.id);
    event.currentTarget.ownerDocument.getElementById(tabId(target.id))?.focus();
  };

  return (
    <div className={cx(styles.tabs, className)}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.tablist} onKeyDown={handleKeyDown}>
        {items.map((item) => {
          const selected = item.id === selectedId;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={selected}
              aria-controls={panelId(item.id)}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          aria-labelledby={tabId(item.id)}
          tabIndex={0}
          hidden={item.id !== selectedId}
          className={styles.panel}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
