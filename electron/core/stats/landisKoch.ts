/** The six bands of Landis & Koch (1977). */
export type LandisKochBand = 'poor' | 'slight' | 'fair' | 'moderate' | 'substantial' | 'almost perfect';

/**
 * The Landis & Koch (1977, "The measurement of observer agreement for categorical data",
 * Biometrics 33, p. 165) benchmark for a κ-type coefficient:
 *
 *   < 0 poor · 0–0.20 slight · 0.21–0.40 fair · 0.41–0.60 moderate · 0.61–0.80 substantial · 0.81–1 almost perfect
 *
 * Boundaries belong to the lower band (0.20 is slight, 0.2001 fair), as the published ranges
 * are written to two decimals. The bands are a convention, not a test: this is the band of one
 * number; what Accord prints is `landisKochJudgement` (bandJudgement.ts), which weighs the interval and n.
 *
 * Degenerate input: null in → null out.
 * @example landisKochBand(0.43) // 'moderate'
 */
export function landisKochBand(kappa: number | null): LandisKochBand | null {
  if (kappa === null || !Number.isFinite(kappa)) return null;
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}
