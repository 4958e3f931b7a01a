import { ConciergeFields, conciergeDefaults, type ConciergeFormProps } from '@/components/concierge/concierge-form-fields';
import { GiftCardFields, giftCardDefaults, type GiftCardFormProps } from '@/components/gift-cards/gift-card-form-fields';
import { ContactFields, contactDefaults, type ContactFormProps } from './contact-form-fields';
import { DeferredForm } from './deferred-form-loader';
import styles from './forms.module.css';
import { NeedHelpFields, needHelpDefaults, type NeedHelpFormProps } from './need-help-form-fields';
import { staticFieldKit } from './static-field-kit';

/*
 * The request forms that sit on a page (not in a dialog): their fields drawn by the server, so the
 * page's first load carries only a small island (deferred-form.tsx); react-hook-form, the zod
 * schema and the phone field download on the form's first focus, input or submit.
 */

export function NeedHelpForm(props: NeedHelpFormProps) {
  return (
    <DeferredForm form="needHelp" props={props} className={styles.form} testId="need-help-form">
      <NeedHelpFields kit={staticFieldKit(needHelpDefaults(props))} termsHref={props.termsHref} privacyHref={props.privacyHref} state="idle" formError={null} />
    </DeferredForm>
  );
}

export function ContactForm(props: ContactFormProps) {
  return (
    <DeferredForm form="contact" props={props} className={styles.form} testId="contact-form">
      <ContactFields kit={staticFieldKit(contactDefaults(props.defaultCountry))} termsHref={props.termsHref} privacyHref={props.privacyHref} state="idle" formError={null} />
    </DeferredForm>
  );
}

export function GiftCardForm(props: GiftCardFormProps) {
  const defaults = giftCardDefaults(props);
  return (
    <DeferredForm form="giftCard" props={props} className={styles.form} testId="gift-card-form">
      <GiftCardFields kit={staticFieldKit(defaults)} custom={false} {...props} state="idle" formError={null} />
    </DeferredForm>
  );
}

export function ConciergeForm(props: ConciergeFormProps) {
  return (
    <DeferredForm form="concierge" props={props} className={styles.form} testId="concierge-form">
      <ConciergeFields kit={staticFieldKit(conciergeDefaults(props.defaultCountry))} {...props} state="idle" formError={null} />
    </DeferredForm>
  );
}
