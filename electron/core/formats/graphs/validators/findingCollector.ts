import type { Finding, Severity, UnitLocation } from '../../types';
import { count as formatCount } from '../../../../common/numberFormat';

/**
 * Most findings one validator reports per graph. Beyond that a single summary says how many
 * more there were: a 10,000-node graph with every node unreachable needs one clear message,
 * not 10,000 rows.
 */
export const MAX_FINDINGS_PER_VALIDATOR = 200;

/** Collects findings, capping each validator at {@link MAX_FINDINGS_PER_VALIDATOR}. */
export class FindingCollector {
  private readonly listed: Finding[] = [];
  private readonly counts = new Map<string, number>();
  private readonly overflow = new Map<string, { severity: Severity; count: number }>();

  constructor(private readonly limit = MAX_FINDINGS_PER_VALIDATOR) {}

  /** Records one finding (or counts it towards the summary once the validator's cap is reached). */
  add(validator: string, severity: Severity, location: UnitLocation | null, message: string): void {
    const count = this.counts.get(validator) ?? 0;
    this.counts.set(validator, count + 1);
    if (count < this.limit) {
      this.listed.push({ validator, severity, location, message });
      return;
    }
    const extra = this.overflow.get(validator) ?? { severity, count: 0 };
    extra.count++;
    if (severity === 'error') extra.severity = 'error';
    this.overflow.set(validator, extra);
  }

  /** The findings in the order they were added, then one summary per capped validator. */
  findings(): Finding[] {
    const summaries: Finding[] = [...this.overflow].map(([validator, { severity, count }]) => ({
      validator,
      severity,
      location: null,
      message: `${formatCount(count)} more findings of this kind are not listed (the first ${this.limit} are)`,
    }));
    return [...this.listed, ...summaries];
  }
}
