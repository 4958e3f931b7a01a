'use client';

import dynamic from 'next/dynamic';

/**
 * The search filters in a chunk of their own, server rendered where a page shows them (search and
 * landing pages): the static pages, which share the landing pages' route, do not download them.
 */
export const SearchFilters = dynamic(() => import('./search-filters').then((module) => module.SearchFilters));
