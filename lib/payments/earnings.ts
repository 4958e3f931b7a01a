import type { EarningStatus } from '../db/queries/guide-payouts';

type Row = { currency: string; shareMinor: number; transferredMinor: number; status: EarningStatus };
export type EarningsTotals = Record<EarningStatus, number>;

/**
 * The guide's earnings summed per currency: upcoming (their share not transferred yet), in transit
 * (transferred to their Stripe balance, not paid out to their bank yet) and paid.
 */
export function earningsTotals(rows: readonly Row[]): Map<string, EarningsTotals> {
  const totals = new Map<string, EarningsTotals>();
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? { upcoming: 0, inTransit: 0, paid: 0 };
    sum.upcoming += Math.max(0, row.shareMinor - Math.max(0, row.transferredMinor));
    if (row.transferredMinor > 0) sum[row.status === 'paid' ? 'paid' : 'inTransit'] += row.transferredMinor;
    totals.set(row.currency, sum);
  }
  return totals;
}

/** One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break; a leading formula sign is defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
