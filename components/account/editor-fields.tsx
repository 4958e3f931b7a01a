import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { FieldKit, FieldRegistration } from '@/components/forms/field-kit';
import { FormAlert } from '@/components/forms/form-alert';
import { FormSubmit } from '@/components/forms/form-submit';
import type { SubmitState } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FormAction } from '@/lib/forms/errors';
import styles from './trip-editor.module.css';

/*
 * The guide area's trip editors (prices, open groups, seasons, unavailable days): server-drawn
 * forms on their Server Actions (use-editor-form.tsx), whose rows are the editor's React state.
 */

type Action = FormAction<{ ok: true; id: number }>;

export type TripPricesFormProps = { tripId: number; currency: string; entries: Array<{ people: number; price: number }>; action: Action };
export type OpenGroup = { id: number | null; startsOn: string; totalSpots: number; openSpots: number; price: number; confirmed: boolean };
export type OpenGroupsFormProps = { tripId: number; currency: string; groups: OpenGroup[]; action: Action };
export type Season = { from: string; to: string };
/** A season as its form holds it: each end's month and day lists (`from.month`, `from.day`). */
export type SeasonRow = { 'from.month': string; 'from.day': string; 'to.month': string; 'to.day': string };
export type SeasonsFormProps = { tripId: number; seasons: Season[]; months: string[]; action: Action };
export type UnavailableRange = { startsOn: string; endsOn: string };
export type UnavailableRangesFormProps = { tripId: number; ranges: UnavailableRange[]; today: string; action: Action };

/** A row a guide adds: a price for the next group size after the largest one listed, a new open group, season or unavailable range. */
export const newPrice = (rows: readonly unknown[]) => ({ people: Math.max(0, ...rows.map((row) => Number((row as { people?: unknown }).people) || 0)) + 1, price: '' });
export const newGroup = () => ({ id: null, startsOn: '', totalSpots: 8, openSpots: 8, price: '', confirmed: false });
export const newSeason = (): SeasonRow => seasonRow({ from: '06-01', to: '09-30' });
export const newRange = (): UnavailableRange => ({ startsOn: '', endsOn: '' });

/** A saved season (`MM-DD` ends) as its form's row. */
export function seasonRow({ from, to }: Season): SeasonRow {
  const [fromMonth = '', fromDay = ''] = from.split('-');
  const [toMonth = '', toDay = ''] = to.split('-');
  return { 'from.month': fromMonth, 'from.day': fromDay, 'to.month': toMonth, 'to.day': toDay };
}

/** An editor's rows as drawn: their keys, and what Add (given the form, to read its rows) and Remove do. */
export type EditorRowsKit = {
  rows: readonly { id: string }[];
  onAdd: (form: HTMLFormElement | null) => void;
  onRemove: (index: number) => void;
};

/** What every editor's fields are drawn with. */
export type EditorFieldsProps = {
  kit: Pick<FieldKit<string>, 'register' | 'errorOf'>;
  rowsKit: EditorRowsKit;
  /** The message about the whole list (e.g. 'a group size twice'). */
  alert: string | undefined;
  saved: boolean;
  state: SubmitState;
  formError: string | null;
};

type EditorRowsProps = {
  rowsKit: EditorRowsKit;
  rowClassName: string | undefined;
  rowTestId: string;
  /** Said when the list is empty (what no row means), if anything. */
  emptyText?: string;
  removeLabel: string;
  addLabel: string;
  /** The fields of row `index`. */
  children: (index: number) => ReactNode;
};

/** An editor's rows, each with its Remove button, and the button that adds one. */
function EditorRows({ rowsKit: { rows, onAdd, onRemove }, rowClassName, rowTestId, emptyText, removeLabel, addLabel, children }: EditorRowsProps) {
  return (
    <>
      {rows.length === 0 && emptyText ? <p className={styles.muted}>{emptyText}</p> : null}
      <ul className={styles.rows}>
        {rows.map((row, index) => (
          <li key={row.id} className={rowClassName} data-testid={rowTestId}>
            {children(index)}
            <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(index)} className={styles.remove}>
              {removeLabel}
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={(event) => onAdd(event.currentTarget.form)}>
          {addLabel}
        </Button>
      </div>
    </>
  );
}

/** An editor's body: the list's message first, then its rows, the 'saved' note, the form-level message and the save button. */
function EditorBody({ alert, saved, state, formError, label, children }: Pick<EditorFieldsProps, 'alert' | 'saved' | 'state' | 'formError'> & { label: string; children: ReactNode }) {
  const t = useTranslations('Account.trips');
  return (
    <>
      <FormAlert message={alert ?? null} />
      {children}
      {saved ? (
        <p role="status" className={styles.saved}>
          {t('saved')}
        </p>
      ) : null}
      <FormSubmit state={state} formError={formError} label={label} variant="primary" />
    </>
  );
}

/** A trip's price entries by group size (spec §3). */
export function TripPricesFields({ kit, rowsKit, currency, ...body }: EditorFieldsProps & { currency: string }) {
  const t = useTranslations('Account.trips');
  return (
    <EditorBody {...body} label={t('savePrices')}>
      <EditorRows rowsKit={rowsKit} rowClassName={styles.row} rowTestId="price-row" removeLabel={t('remove')} addLabel={t('addPrice')}>
        {(index) => (
          <>
            <Input {...kit.register(`entries.${index}.people`)} type="number" min={1} max={50} step={1} label={t('people')} error={kit.errorOf(`entries.${index}.people`)} />
            <Input {...kit.register(`entries.${index}.price`)} type="number" min={0} step="0.01" label={t('price', { currency })} error={kit.errorOf(`entries.${index}.price`)} />
          </>
        )}
      </EditorRows>
    </EditorBody>
  );
}

/** A trip's upcoming open groups (spec §3: date, open spots, price per person, confirmed). */
export function OpenGroupsFields({ kit, rowsKit, currency, ...body }: EditorFieldsProps & { currency: string }) {
  const t = useTranslations('Account.trips');
  return (
    <EditorBody {...body} label={t('saveGroups')}>
      <EditorRows rowsKit={rowsKit} rowClassName={styles.groupRow} rowTestId="group-row" emptyText={t('noGroups')} removeLabel={t('remove')} addLabel={t('addGroup')}>
        {(index) => {
          const name = (field: keyof OpenGroup) => `groups.${index}.${field}`;
          return (
            <>
              <input type="hidden" {...kit.register(name('id'))} />
              <Input {...kit.register(name('startsOn'))} type="date" label={t('startsOn')} error={kit.errorOf(name('startsOn'))} />
              <Input {...kit.register(name('totalSpots'))} type="number" min={1} max={50} label={t('totalSpots')} error={kit.errorOf(name('totalSpots'))} />
              <Input {...kit.register(name('openSpots'))} type="number" min={0} max={50} label={t('openSpots')} error={kit.errorOf(name('openSpots'))} />
              <Input {...kit.register(name('price'))} type="number" min={0} step="0.01" label={t('groupPrice', { currency })} error={kit.errorOf(name('price'))} />
              <Checkbox {...kit.register(name('confirmed'))} label={t('confirmed')} />
            </>
          );
        }}
      </EditorRows>
    </EditorBody>
  );
}

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1).padStart(2, '0'));

/** One end of a season (`MM-DD`): its two lists, each named after the end (`seasons.0.from.day`). */
type MonthDayProps = { label: string; months: string[]; error?: string; day: FieldRegistration; month: FieldRegistration };

/** One end of a season, `MM-DD`, as a month and a day picked from lists (no free text to mistype). */
function MonthDayView({ label, months, error, day, month }: MonthDayProps) {
  const t = useTranslations('Account.trips');
  return (
    <fieldset className={styles.monthDay}>
      <legend>{label}</legend>
      <Select {...day} label={t('day')} options={DAYS.map((d) => ({ value: d, label: String(Number(d)) }))} error={error} />
      <Select {...month} label={t('month')} options={months.map((monthName, index) => ({ value: String(index + 1).padStart(2, '0'), label: monthName }))} />
    </fieldset>
  );
}

/** The periods of the year a trip runs (spec §4 calendar 'out of season' outside them). */
export function SeasonsFields({ kit, rowsKit, months, ...body }: EditorFieldsProps & { months: string[] }) {
  const t = useTranslations('Account.trips');
  return (
    <EditorBody {...body} label={t('saveSeasons')}>
      <EditorRows rowsKit={rowsKit} rowClassName={styles.seasonRow} rowTestId="season-row" emptyText={t('allYear')} removeLabel={t('remove')} addLabel={t('addSeason')}>
        {(index) =>
          (['from', 'to'] as const).map((end) => (
            <MonthDayView
              key={end}
              label={t(end === 'from' ? 'seasonFrom' : 'seasonTo')}
              months={months}
              error={kit.errorOf(`seasons.${index}.${end}`)}
              day={kit.register(`seasons.${index}.${end}.day`)}
              month={kit.register(`seasons.${index}.${end}.month`)}
            />
          ))
        }
      </EditorRows>
    </EditorBody>
  );
}

/** The days a guide cannot take a trip (spec §4 calendar 'guide unavailable'). */
export function UnavailableRangesFields({ kit, rowsKit, today, ...body }: EditorFieldsProps & { today: string }) {
  const t = useTranslations('Account.trips');
  return (
    <EditorBody {...body} label={t('saveRanges')}>
      <EditorRows rowsKit={rowsKit} rowClassName={styles.row} rowTestId="unavailable-row" emptyText={t('noRanges')} removeLabel={t('remove')} addLabel={t('addRange')}>
        {(index) => (
          <>
            <Input {...kit.register(`ranges.${index}.startsOn`)} type="date" min={today} label={t('rangeStart')} error={kit.errorOf(`ranges.${index}.startsOn`)} />
            <Input {...kit.register(`ranges.${index}.endsOn`)} type="date" min={today} label={t('rangeEnd')} error={kit.errorOf(`ranges.${index}.endsOn`)} />
          </>
        )}
      </EditorRows>
    </EditorBody>
  );
}
