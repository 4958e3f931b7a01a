import type { Locale } from './locales';

/**
 * spec §8 "Fatal rendering error" text for app/global-error.tsx, which renders outside the locale
 * layout and so outside next-intl. A unit test keeps these equal to messages/*.json Error.title.
 */
export const fatalErrorMessages: Record<Locale, { title: string; retry: string }> = {
  en: { title: 'The service is currently overloaded. Please wait a few minutes and try again.', retry: 'Try again' },
  fr: { title: 'Le service est actuellement surchargé. Veuillez patienter quelques minutes et réessayer.', retry: 'Réessayer' },
  es: { title: 'El servicio está sobrecargado en este momento. Espera unos minutos y vuelve a intentarlo.', retry: 'Reintentar' },
};
