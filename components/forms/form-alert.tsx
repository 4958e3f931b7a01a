import styles from './forms.module.css';

/** The form-level message (spec §5 'Please check data.' or 'try again'), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <p role="alert" className={message ? styles.alert : styles.alertEmpty} data-testid="form-alert">
      {message}
    </p>
  );
}
