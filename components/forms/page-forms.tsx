'use client';

import dynamic from 'next/dynamic';

/**
 * The request forms that sit on a page (not in a dialog), each in a chunk of its own: server
 * rendered where the page shows it, and its code (react-hook-form, the fields) downloads only on
 * the pages that render it, not on every page of the same route (the static pages share theirs
 * with the need-help, gift cards and concierge pages).
 */
export const NeedHelpForm = dynamic(() => import('./need-help-form').then((module) => module.NeedHelpForm));
export const ContactForm = dynamic(() => import('./contact-form').then((module) => module.ContactForm));
export const GiftCardForm = dynamic(() => import('@/components/gift-cards/gift-card-form').then((module) => module.GiftCardForm));
export const ConciergeForm = dynamic(() => import('@/components/concierge/concierge-form').then((module) => module.ConciergeForm));
