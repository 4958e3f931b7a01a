'use client';

import dynamic from 'next/dynamic';
import type { ConciergeForm as ConciergeFormType } from './concierge-form';

/**
 * The concierge form in a chunk of its own, still drawn by the server: downloaded only by the
 * concierge page, not by the static and landing pages that share its route.
 */
export const ConciergeForm = dynamic(() => import('./concierge-form').then((module) => module.ConciergeForm)) as typeof ConciergeFormType;
