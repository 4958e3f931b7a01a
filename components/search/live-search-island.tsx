'use client';

import dynamic from 'next/dynamic';

/**
 * The live search in a chunk of its own, server rendered where a page shows it (search and landing
 * pages): the static, gift-card and concierge pages share the landing pages' route and would
 * otherwise download it with its filters.
 */
export const LiveSearch = dynamic(() => import('./live-search').then((module) => module.LiveSearch));
