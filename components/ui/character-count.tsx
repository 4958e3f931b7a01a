'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { numberFormat } from '@/lib/text/intl-cache';
import { cx } from './cx';
import styles from './field.module.css';

/**
 * "812 / 1,000" under a text area, following what is typed: the writer sees the limit before the
 * form refuses a longer text (nothing is ever cut). Reads the control by id once its code runs;
 * until then, and without JavaScript, it counts the text the server put in (`initialLength`).
 */
export function CharacterCount({ id, controlId, limit, initialLength = 0 }: { id: string; controlId: string; limit: number; initialLength?: number }) {
  const t = useTranslations('Forms');
  // The formatter kept per locale: next-intl's would be built again for every page that draws the count.
  const format = numberFormat(useLocale(), {});
  const [length, setLength] = useState(initialLength);
  useEffect(() => {
    const control = document.getElementById(controlId);
    if (!(control instanceof HTMLTextAreaElement)) return;
    const update = () => setLength(control.value.length);
    update();
    control.addEventListener('input', update);
    return () => control.removeEventListener('input', update);
  }, [controlId]);
  return (
    <p id={id} className={cx(styles.hint, styles.count, length > limit && styles.countOver)} data-testid="character-count">
      {t('characterCount', { n: format.format(length), max: format.format(limit) })}
    </p>
  );
}
