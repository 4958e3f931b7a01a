import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Footer, Header } from '../../../components/shell';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Gift cards' };

const AMOUNTS = [100, 150, 200, 300, 500, 1000];
const FIELDS = Array.from({ length: 13 }, (_, index) => `f${index}` as const);
const QUESTIONS = Array.from({ length: 12 }, (_, index) => index);

/** /gift-cards' shape: header, an order form (amounts, a dozen fields, the phone's country as a text input), questions, footer. */
export default async function GiftCardsPage() {
  const t = await getTranslations('GiftCards');
  return (
    <>
      <Header />
      <main id="main">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <form action="/gift-cards" method="post">
          <fieldset>
            <legend>{t('amounts')}</legend>
            {AMOUNTS.map((amount) => (
              <label key={amount}>
                <input type="radio" name="amount" value={amount} /> <span>{amount} €</span>
              </label>
            ))}
            <label htmlFor="amount">{t('amount')}</label>
            <input id="amount" name="customAmount" type="number" min="50" />
          </fieldset>
          <section>
            <h2>{t('sender')}</h2>
            {FIELDS.slice(0, 7).map((field) => (
              <div key={field}>
                <label htmlFor={field}>{t(`fields.${field}.label`)}</label>
                <input id={field} name={field} aria-describedby={`${field}-hint`} />
                <p id={`${field}-hint`}>{t(`fields.${field}.hint`)}</p>
              </div>
            ))}
            <fieldset>
              <legend>
                {t('phone')} <span>({t('optional')})</span>
              </legend>
              <div>
                <input name="phone.country" aria-label={t('phoneCountry')} autoComplete="tel-country-code" defaultValue="+33" />
                <input name="phone.number" type="tel" aria-label={t('phone')} autoComplete="tel-national" />
              </div>
            </fieldset>
          </section>
          <section>
            <h2>{t('recipientSection')}</h2>
            {FIELDS.slice(7).map((field) => (
              <div key={field}>
                <label htmlFor={field}>{t(`fields.${field}.label`)}</label>
                <input id={field} name={field} aria-describedby={`${field}-hint`} />
                <p id={`${field}-hint`}>{t(`fields.${field}.hint`)}</p>
              </div>
            ))}
            <label htmlFor="message">{t('message')}</label>
            <textarea id="message" name="message" rows={4} />
          </section>
          <label>
            <input type="checkbox" name="acceptTerms" /> <span>{t('terms')}</span>
          </label>
          <button type="submit">{t('submit')}</button>
        </form>
        <section>
          {QUESTIONS.map((index) => (
            <details key={index}>
              <summary>{t(`faq.q${index}`)}</summary>
              <p>{t(`answers.a${index}`)}</p>
            </details>
          ))}
        </section>
      </main>
      <Footer />
    </>
  );
}
