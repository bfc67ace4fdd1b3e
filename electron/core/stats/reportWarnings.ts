import { type AgreementReport, type AgreementWarning, type BootstrapReport, type LandisKoch } from './agreementTypes';
import { counted } from '../../common/numberFormat';
import { type BootstrapInterval } from './bootstrap';
import { kappaParadoxWarning } from './kappaParadox';
import { type RatingPatterns } from './ratingPatterns';
import { type RatingTable } from './ratingTable';

/** How the kappa-paradox warning names the headline statistic. */
const PARADOX_NAME: Readonly<Record<LandisKoch['statistic'], string>> = {
  cohenKappa: "Cohen's κ",
  'weightedKappa.quadratic': 'weighted κ',
  fleissKappa: "Fleiss' κ",
  'krippendorffAlpha.ordinal': "Krippendorff's α (ordinal)",
  'krippendorffAlpha.interval': "Krippendorff's α (interval)",
};

/** The report before its bootstrap, band and warnings are added. */
export type ReportCore = Omit<AgreementReport, 'bootstrap' | 'landisKoch' | 'warnings'>;

/**
 * The caveats a reader of the figures needs: too few raters, levels inferred from the data,
 * units with a single rating, too few units for reliable intervals (below max(20, 2k²), see
 * `smallSampleUnits`), the kappa paradox (see `kappaParadoxWarning` for the rule), and bootstrap
 * intervals that rest on part of the resamples.
 */
export function reportWarnings(
  table: RatingTable,
  report: ReportCore,
  landisKoch: LandisKoch,
  bootstrap: BootstrapReport,
  patterns: RatingPatterns,
  tooFew: string | null,
): AgreementWarning[] {
  const out: AgreementWarning[] = [];
  if (tooFew) out.push({ code: 'too-few-raters', message: `${tooFew[0].toUpperCase()}${tooFew.slice(1)}.` });
  if (table.levelsInferred) {
    out.push({
      code: 'levels-inferred',
      message: 'The levels were inferred from the observed values; a level nobody used is missing, which changes every chance-corrected statistic. Pass the levels (--levels or the schema).',
    });
  }
  const rated = patterns.ratedUnits;
  const singles = rated - report.pairableUnits;
  if (singles > 0 && table.raters.length >= 2) {
    out.push({
      code: 'single-rated-units',
      message: `${singles} of ${table.units.length} units have a single rating; they cannot show agreement and are left out of percent agreement, κ and α (Gwet's AC, Fleiss' κ and Conger's κ use them for category shares only, and the bootstrap resamples them apart).`,
    });
  }
  const threshold = report.conventions.smallSampleUnits;
  // A score (interval) question is held to the floor of 20, not 2k² (see smallSampleUnits).
  const interval = report.type === 'interval';
  if (table.raters.length >= 2 && report.pairableUnits > 0 && report.pairableUnits < threshold) {
    out.push({
      code: 'small-sample',
      message:
        `Only ${counted(report.pairableUnits, 'unit')} ${report.pairableUnits === 1 ? 'was' : 'were'} rated by two or more raters. ` +
        (interval
          ? `Bootstrap intervals on fewer than ${threshold} units are too narrow`
          : `With ${table.levels.length} levels the large-sample standard errors need about ${threshold} (max(20, 2k²); Cicchetti 1981), and bootstrap intervals on few units are too narrow`) +
        ': read every interval as optimistic' +
        (report.pairableUnits < 10 ? '; below 10 units none is given.' : '.'),
    });
  }
  const shares = pooledShares(patterns);
  const single = report.pairs.length === 1 ? report.pairs[0] : null;
  const paradox = kappaParadoxWarning(table.levels.map((level) => level.name), shares, {
    kappa: landisKoch.value,
    kappaName: PARADOX_NAME[landisKoch.statistic],
    percentAgreement: report.percentAgreement.value,
    pabak: report.pabak.value,
    gwetAC1: report.gwetAC1.value,
    prevalenceIndex: report.prevalenceIndex.value,
    // The bias index of Byrt, Bishop & Carlin is defined for a 2 × 2 table; beyond it, one
    // level's marginal gap between two raters is not a comparable measure, so it is not used.
    biasIndex: single ? report.biasIndex.value : null,
    units: report.pairableUnits,
  });
  if (paradox) out.push({ code: paradox.code, message: paradox.message });
  const headlineAlpha = landisKoch.statistic === 'krippendorffAlpha.ordinal' ? 'ordinal' : landisKoch.statistic === 'krippendorffAlpha.interval' ? 'interval' : null;
  const partial = [bootstrap.cohenKappa, bootstrap.fleissKappa, bootstrap.krippendorffAlpha?.nominal, headlineAlpha ? bootstrap.krippendorffAlpha?.[headlineAlpha] : undefined, bootstrap.gwetAC1]
    .filter((interval): interval is BootstrapInterval => interval !== undefined && interval.ci95 !== null && interval.defined < bootstrap.resamples);
  if (partial.length > 0) {
    out.push({
      code: 'bootstrap-partial',
      message: `Some statistics were undefined in part of the ${bootstrap.resamples} bootstrap resamples (e.g. a resample with one category); their intervals rest on the rest.`,
    });
  }
  return out;
}

/** Each level's share of all ratings, pooled over raters. */
function pooledShares(patterns: RatingPatterns): number[] {
  const totals = new Array<number>(patterns.levelCount).fill(0);
  let all = 0;
  for (let p = 0; p < patterns.count; p++) {
    for (let c = 0; c < patterns.levelCount; c++) {
      const x = patterns.counts.counts[p * patterns.levelCount + c] * patterns.frequency[p];
      totals[c] += x;
      all += x;
    }
  }
  return totals.map((total) => (all > 0 ? total / all : 0));
}
