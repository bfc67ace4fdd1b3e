import type { CSSProperties } from 'react';

/**
 * Clipped to nothing but in the page, so assistive technology reads it and the eye does not (the
 * usual "visually hidden" rule). Plain style, not sx: sx reads a width of 1 as 100%.
 */
const HIDDEN: CSSProperties = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/**
 * Words for assistive technology where the screen shows something compact (mark the compact
 * version aria-hidden): "1: 11 raters" for "1 ×11", which a screen reader reads as "1 times 11".
 */
export function ScreenReaderText({ children }: { children: string }) {
  return <span style={HIDDEN}>{children}</span>;
}
