/** How much the humans agreed on a unit. */
export type Certainty = 'unanimous' | 'majority' | 'split';

export const CERTAINTIES: readonly Certainty[] = ['unanimous', 'majority', 'split'];

/** Agreement on the units of one certainty stratum. */
export interface CertaintyStratum {
  certainty: Certainty;
  /** Units in the stratum that the judge answered. */
  units: number;
  /** Share of (unit, annotator) pairs where the judge gave the annotator's answer. */
  judgeHuman: number | null;
  /** Share of (unit, annotator pair) where the two annotators gave the same answer. */
  humanHuman: number | null;
  /** Share of units where the judge gave the humans' majority answer (none on split units). */
  judgeMajority: number | null;
}

/** One unit: the judge's answer and each annotator's. */
export interface CertaintyUnit {
  judge: string;
  humans: readonly string[];
}

/** The category a strict majority of the humans gave, and how certain they were. */
export function humanCertainty(humans: readonly string[]): { certainty: Certainty; majority: string | null } {
  const counts = new Map<string, number>();
  for (const h of humans) counts.set(h, (counts.get(h) ?? 0) + 1);
  let top: string | null = null;
  let topCount = 0;
  for (const [value, c] of counts) {
    if (c > topCount) {
      top = value;
      topCount = c;
    }
  }
  if (counts.size === 1) return { certainty: 'unanimous', majority: top };
  if (topCount * 2 > humans.length) return { certainty: 'majority', majority: top };
  return { certainty: 'split', majority: null };
}

/**
 * The judge's agreement split by how much the humans agreed on each unit (after Elangovan et
 * al., ICLR 2025: a judge's agreement means little without the humans' own uncertainty beside
 * it): unanimous (every annotator the same answer), majority (a strict majority, not all),
 * split (no strict majority). Beside the judge's agreement with each annotator, the
 * annotators' agreement with each other on the same units. Units with fewer than two human
 * answers are left out.
 */
export function certaintySplit(units: readonly CertaintyUnit[]): CertaintyStratum[] {
  return CERTAINTIES.map((certainty) => {
    let n = 0;
    let jh = 0;
    let jhTotal = 0;
    let hh = 0;
    let hhTotal = 0;
    let jm = 0;
    for (const unit of units) {
      if (unit.humans.length < 2) continue;
      const c = humanCertainty(unit.humans);
      if (c.certainty !== certainty) continue;
      n++;
      for (const h of unit.humans) {
        jhTotal++;
        if (h === unit.judge) jh++;
      }
      for (let i = 0; i < unit.humans.length; i++) {
        for (let j = i + 1; j < unit.humans.length; j++) {
          hhTotal++;
          if (unit.humans[i] === unit.humans[j]) hh++;
        }
      }
      if (c.majority !== null && c.majority === unit.judge) jm++;
    }
    return {
      certainty,
      units: n,
      judgeHuman: jhTotal > 0 ? jh / jhTotal : null,
      humanHuman: hhTotal > 0 ? hh / hhTotal : null,
      judgeMajority: n > 0 && certainty !== 'split' ? jm / n : null,
    };
  });
}
