import { counted } from './numberFormat';

/**
 * The error and warning findings an import left on its items, as the CLI's report and the
 * import dialog say them: "2 errors, 1 warning". One wording for both.
 */
export function importFindingCounts(findings: { errors: number; warnings: number }): string {
  return [findings.errors > 0 && counted(findings.errors, 'error'), findings.warnings > 0 && counted(findings.warnings, 'warning')].filter(Boolean).join(', ');
}
