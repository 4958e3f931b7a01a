'use client';

import dynamic from 'next/dynamic';
import type { GiftCardForm as GiftCardFormType } from './gift-card-form';

/**
 * The gift-card form in a chunk of its own, still drawn by the server: downloaded only by the
 * gift-cards page, not by the static and landing pages that share its route.
 */
export const GiftCardForm = dynamic(() => import('./gift-card-form').then((module) => module.GiftCardForm)) as typeof GiftCardFormType;
