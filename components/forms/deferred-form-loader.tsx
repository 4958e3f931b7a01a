'use client';

import dynamic from 'next/dynamic';
import type { DeferredForm as DeferredFormType } from './deferred-form';

/**
 * The deferred form island in a chunk of its own: server rendered where a page shows a request
 * form, and downloaded only by the pages that render one, not by every page of the same route
 * (the static pages share theirs with the need-help page).
 */
export const DeferredForm = dynamic(() => import('./deferred-form').then((module) => module.DeferredForm)) as typeof DeferredFormType;
