/**
 * Shared size, time and date formatting, so every screen says things the same way. Numbers
 * themselves are written by electron/common/numberFormat.ts, the one formatter the CLI and the
 * reports use too; the names below are the screens' words for it.
 */
import { bytes, count, counted, decimal } from '../../../electron/common/numberFormat';

/** 12345 → "12,345". */
export const formatCount = count;

/** "1 item", "3 items" (electron/common's counted, the CLI's and reports' too). */
export const plural = counted;

/**
 * A phrase as the start of a sentence: its first letter capitalised, unless that letter is a
 * statistic's symbol (κ, α, ρ, ε…), which keeps its case: "κ between the raters…" capitalised
 * naively reads "Κ between…", a capital kappa that looks like the letter K.
 */
export function sentenceStart(text: string): string {
  const first = text.charAt(0);
  return /[\u03b1-\u03c9]/.test(first) ? text : first.toUpperCase() + text.slice(1);
}

/** Bytes in binary units with one decimal: 1536 → "1.5 KB". */
export const formatBytes = bytes;

/** Seconds as "45 s", "3 min 20 s", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * A stored timestamp (ISO 8601, or SQLite's "YYYY-MM-DD HH:MM:SS" in UTC) in the user's
 * locale, to the minute; the input unchanged when it is not a date.
 */
export function formatDateTime(value: string, locale?: string): string {
  const date = storedMoment(value);
  if (!date) return value;
  return date.toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A stored timestamp (ISO 8601, or SQLite's UTC "YYYY-MM-DD HH:MM:SS") as a Date; null when it is not one. */
function storedMoment(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day and the time of a moment apart ("Nov 26, 2026", "03:26 PM"), for a narrow column to set on two lines. */
export function formatDayAndTime(value: string, locale?: string): { day: string; time: string } | null {
  const date = storedMoment(value);
  if (!date) return null;
  return { day: date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }), time: date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) };
}

/** A metric value for display: proportions and scores to 2 decimals, integers as counts. */
export function formatMetric(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? count(value) : decimal(value, 2);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** "camelCase" or "snake_case" keys as words: "toolCallAccuracy" → "tool call accuracy". */
export function humanizeKey(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
