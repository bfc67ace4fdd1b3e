import type { JobProgress } from '../api/contract';
import type { CliIO, CommandIO } from './io';
import { visibleText } from '../common/visibleText';
import { percent } from '../common/numberFormat';
import { progressAmount } from '../common/progressText';

/** Long work shows nothing for its first second, then a progress line. */
const QUIET_MS = 1000;
/** Without a terminal, a fresh line at most this often. */
const LOG_EVERY_MS = 5000;

/**
 * A progress line on stderr: redrawn in place on a terminal, printed every few seconds to a
 * log. Silent with `--json` (the caller passes `enabled: false`).
 */
export function progressPrinter(commandIO: CliIO | CommandIO, enabled: boolean): { update(p: JobProgress): void; done(): void } {
  // The line's own text is escaped (a file name is data); its terminal codes must not be.
  const io = 'raw' in commandIO ? commandIO.raw : commandIO;
  const started = Date.now();
  let lastLog = 0;
  let lastLine = '';
  let drawn = false;
  return {
    update(p) {
      if (!enabled || Date.now() - started < QUIET_MS) return;
      const line = visibleText(formatProgress(p));
      if (io.stderrIsTTY) {
        io.stderr(`\r\x1b[K${line}`);
        drawn = true;
      } else if (p.finished ? line !== lastLine : Date.now() - lastLog >= LOG_EVERY_MS) {
        // Every few seconds, even unchanged (a stalled job still shows it is alive); the finish
        // only when it says something new (the last read and the finish both said "100%").
        lastLog = Date.now();
        lastLine = line;
        io.stderr(`${line}\n`);
      }
    },
    done() {
      if (drawn) io.stderr('\n');
    },
  };
}

export function formatProgress(p: JobProgress): string {
  const total = p.total ?? 0;
  const share = total > 0 ? ` ${percent(Math.min(1, p.done / total), 0)}` : '';
  const eta = p.etaSeconds !== null && !p.finished ? `, ${formatSeconds(p.etaSeconds)} left` : '';
  return `${p.label}:${share} (${progressAmount(p)}${eta})`;
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.ceil(s % 60)} s`;
}
