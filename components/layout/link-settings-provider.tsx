'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { LinkSettings } from '@/lib/routing/site-links';

const LinkSettingsContext = createContext<LinkSettings | null>(null);

/** Hands the env-derived link settings to client fallbacks (error pages) that cannot read env. */
export function LinkSettingsProvider({ settings, children }: { settings: LinkSettings; children: ReactNode }) {
  return <LinkSettingsContext.Provider value={settings}>{children}</LinkSettingsContext.Provider>;
}

export function useLinkSettings(): LinkSettings | null {
  return useContext(LinkSettingsContext);
}
