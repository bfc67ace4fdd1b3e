import type { Turn } from '../../../../../electron/api/artifacts';
import { decimal } from '../../../../../electron/common/numberFormat';

/** A latency in seconds as reviewers read it: "0.84 s", "12.3 s", "2 min 5 s". */
export function formatLatency(seconds: number): string {
  if (seconds < 10) return `${decimal(seconds, 2)} s`;
  if (seconds < 60) return `${decimal(seconds, 1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** Epoch seconds from a turn's timestamp (number of seconds, or an ISO string), else null. */
export function epochSeconds(timestamp: Turn['timestamp']): number | null {
  if (typeof timestamp === 'number') return Number.isFinite(timestamp) ? timestamp : null;
  if (typeof timestamp === 'string') {
    const ms = Date.parse(timestamp);
    return Number.isNaN(ms) ? null : ms / 1000;
  }
  return null;
}

/** The earliest timestamp of a conversation, the zero of {@link formatElapsed}. */
export function conversationStart(turns: readonly Turn[]): number | null {
  let start: number | null = null;
  for (const turn of turns) {
    const at = epochSeconds(turn.timestamp);
    if (at !== null && (start === null || at < start)) start = at;
  }
  return start;
}

/** Time since the conversation started, as a clock: "+0:09", "+12:40", "+1:02:03". */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `+${h}:${String(m).padStart(2, '0')}:${s}` : `+${m}:${s}`;
}
