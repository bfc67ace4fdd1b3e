import { Box, Typography } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { MONO_FONT } from '../../../theme/theme';
import { NumberedLines } from '../NumberedLines';
import { markLines, type TextMark } from './textPosition';

const MARK_STYLE = {
  error: { background: '#f6c9c5', outline: '#b3261e', color: '#5f120e' },
  warning: { background: '#fbe3b5', outline: '#a15c00', color: '#4d2c00' },
} as const;

/**
 * A plan's source text exactly as imported, with line numbers, and the places a parse error
 * points at marked (the character highlighted, or an "end of text" marker when the text
 * stopped early). The first mark is scrolled into view within the text's frame — only the
 * frame: scrolling the page would carry the item's header and its Previous/Next away whenever
 * an unreadable plan is opened. Text nodes only, never HTML.
 */
export function PlanSourceText({ text, marks, label }: { text: string; marks: TextMark[]; label: string }) {
  const lines = useMemo(() => markLines(text, marks), [text, marks]);
  const firstMark = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const mark = firstMark.current;
    const frame = mark?.closest('pre');
    if (mark && frame) scrollWithin(frame, mark);
  }, [lines]);
  let seenMark = false;
  return (
    <Box>
      <NumberedLines
        lineCount={lines.length}
        label={label}
        testId="plan-source-text"
        sx={{ py: 1.25, lineHeight: 1.7, maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {lines.map((pieces, i) => (
          <span key={i}>
            {pieces.length === 0 && ' '}
            {pieces.map((piece, k) => {
              if (piece.kind === 'text') return piece.text;
              const style = MARK_STYLE[piece.mark.severity];
              const ref = seenMark ? undefined : (el: HTMLElement | null) => void (firstMark.current = el);
              seenMark = true;
              return (
                <Box
                  key={k}
                  component="mark"
                  ref={ref}
                  data-testid="source-mark"
                  data-severity={piece.mark.severity}
                  data-line={piece.mark.line}
                  data-column={piece.mark.column}
                  title={`line ${piece.mark.line}, column ${piece.mark.column}: ${piece.mark.message}`}
                  sx={{
                    bgcolor: style.background,
                    color: style.color,
                    outline: `1.5px solid ${style.outline}`,
                    borderRadius: '2px',
                    px: piece.atEnd ? 0.5 : 0,
                    ml: piece.atEnd ? 0.5 : 0,
                    fontWeight: 700,
                    fontSize: piece.atEnd ? 11 : 'inherit',
                    fontFamily: piece.atEnd ? 'inherit' : MONO_FONT,
                    whiteSpace: 'nowrap',
                    display: piece.atEnd ? 'inline-block' : 'inline',
                    lineHeight: piece.atEnd ? 1.5 : 'inherit',
                    textIndent: 0,
                  }}
                >
                  {piece.atEnd ? 'end of text' : piece.text === ' ' ? '\u00a0' : piece.text}
                </Box>
              );
            })}
          </span>
        ))}
      </NumberedLines>
      {marks.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {marks.map((mark, i) => (
            <Typography component="li" key={i} variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }} data-testid="source-mark-legend">
              <Box component="span" sx={{ width: 10, height: 10, borderRadius: '2px', flexShrink: 0, bgcolor: MARK_STYLE[mark.severity].background, outline: `1.5px solid ${MARK_STYLE[mark.severity].outline}` }} />
              <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, whiteSpace: 'nowrap', fontWeight: 600 }}>
                {mark.line}:{mark.column}
              </Box>
              <span>{mark.message}</span>
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Scrolls `frame` (not the page) so that `element` is in its visible area, near the top. */
function scrollWithin(frame: HTMLElement, element: HTMLElement): void {
  const frameBox = frame.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  if (box.top < frameBox.top || box.bottom > frameBox.bottom) frame.scrollTop += box.top - frameBox.top - frameBox.height / 3;
  if (box.left < frameBox.left || box.right > frameBox.right) frame.scrollLeft += box.left - frameBox.left - frameBox.width / 3;
}
