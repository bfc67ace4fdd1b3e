/**
 * The name gold labels carry when they stand beside raters (a calibration's confusion columns,
 * a comparison's reference). Here, not in core/judges, so that what prints it (the CLI's judge
 * text, loaded by `accord --help`) does not load the calibration code with it.
 */
export const GOLD_RATER = '(gold)';
