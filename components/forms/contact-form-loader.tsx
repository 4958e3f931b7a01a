'use client';

import dynamic from 'next/dynamic';
import type { ContactForm as ContactFormType } from './contact-form';

/**
 * The contact form in a chunk of its own, still drawn by the server: downloaded only by the pages
 * that show it (the need-help page), not by every static page of the same route.
 */
export const ContactForm = dynamic(() => import('./contact-form').then((module) => module.ContactForm)) as typeof ContactFormType;
