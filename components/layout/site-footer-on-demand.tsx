'use client';

import dynamic from 'next/dynamic';

/**
 * The site footer for the error and not-found fallbacks, downloaded when one shows: every page
 * carries both boundaries, few ever draw them, so the footer stays off every first load.
 */
export const SiteFooterOnDemand = dynamic(() => import('./site-footer').then((module) => module.SiteFooter));
