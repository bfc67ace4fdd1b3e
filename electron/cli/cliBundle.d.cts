// Types of cliBundle.cjs (plain JavaScript, so that bin.cjs can run it without tsx).

export const MANIFEST_NAME: string;

/** The bundle's entry to run, or why not ('missing', 'stale: <file>'). */
export function cliBundleState(projectRoot: string, outDir?: string): { entry: string; reason?: undefined } | { entry: null; reason: string };
