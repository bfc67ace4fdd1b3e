import type { EdgeText } from './edgeText';

/** Type sizes of edge text; EdgeLabel draws with the same numbers the layout reserves. */
export const LABEL_FONT_SIZE = 11;
export const LABEL_LINE_HEIGHT = 15;
export const LABEL_PAD_X = 6;
export const LABEL_PAD_Y = 3;
/** Room for a finding badge (16 px) and the gap after it. */
export const LABEL_BADGE_WIDTH = 20;

type Measure = (text: string, code: boolean) => number;

let canvasMeasure: Measure | null | undefined;

/**
 * Text width in pixels, measured with the page's fonts on a canvas when there is one (the
 * browser), else estimated from the character count (tests in Node).
 */
function measure(fonts: { code: string; text: string }): Measure {
  if (canvasMeasure === undefined) {
    const context = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
    canvasMeasure = context
      ? (text, code) => {
          context.font = `${LABEL_FONT_SIZE}px ${code ? fonts.code : fonts.text}`;
          return context.measureText(text).width;
        }
      : null;
  }
  return canvasMeasure ?? ((text, code) => text.length * LABEL_FONT_SIZE * (code ? 0.62 : 0.56));
}

/** The box an edge's text needs (padding and border included), or null when it shows nothing. */
export function labelSize(text: EdgeText, hasBadge: boolean, fonts: { code: string; text: string }): { width: number; height: number } | null {
  if (text.lines.length === 0 && !hasBadge) return null;
  const widest = Math.max(0, ...text.lines.map((line) => measure(fonts)(line, text.code)));
  const lines = Math.max(1, text.lines.length);
  return {
    width: Math.ceil(widest + 2 * LABEL_PAD_X + 2 + (hasBadge ? LABEL_BADGE_WIDTH : 0) + (text.lines.length ? 0 : -4)),
    height: lines * LABEL_LINE_HEIGHT + 2 * LABEL_PAD_Y + 2,
  };
}
