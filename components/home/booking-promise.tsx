import { useTranslations } from 'next-intl';
import styles from './home.module.css';

/** spec §1 booking promise: 30% deposit, 70% later without interest, free cancellation 48 h, guides answer in 6–24 h. */
export function BookingPromise() {
  const t = useTranslations('Home');
  const items = [
    { title: t('promiseDeposit'), text: t('promiseDepositText') },
    { title: t('promiseCancellation'), text: t('promiseCancellationText') },
    { title: t('promiseGuides'), text: t('promiseGuidesText') },
  ];
  return (
    <section className={styles.promise} aria-labelledby="promise-title">
      <h2 id="promise-title">{t('promiseHeading')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
