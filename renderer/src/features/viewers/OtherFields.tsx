import { Box, ButtonBase, Typography, type SxProps, type Theme } from '@mui/material';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { useId, useState } from 'react';
import { jsonAsWritten } from '../../../../electron/common/numbersAsWritten';
import { Code } from './graph/inspector/Code';
import { useNumbersAsWritten } from './numbersAsWritten';

/*
 * Source fields the model does not know, kept on import under their own names in `extra`
 * (DESIGN.md §3), shown so nothing is lost silently: one home for every viewer that shows them
 * (the graph inspector's nodes and edges, a conversation's turns and its record).
 */

/** How many fields a unit kept in `extra` (0 when it has none). */
export function otherFieldCount(extra: Record<string, unknown> | null | undefined): number {
  return extra ? Object.keys(extra).length : 0;
}

/**
 * The fields as JSON text, as the source wrote them: integers beyond 2^53 (kept as their digits)
 * are written bare, as the file has them.
 */
export function OtherFieldsJson({ extra, maxHeight = 240, sx }: { extra: Record<string, unknown>; maxHeight?: number; sx?: SxProps<Theme> }) {
  const asWritten = useNumbersAsWritten();
  return (
    <Box sx={sx}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
        Kept from the source as written.
      </Typography>
      <Code block sx={{ fontSize: 11.5, maxHeight, overflow: 'auto' }}>
        <span data-testid="other-fields-json">{jsonAsWritten(extra, asWritten, 2)}</span>
      </Code>
    </Box>
  );
}

interface ToggleProps {
  extra: Record<string, unknown> | null | undefined;
  /** What the fields are of, before their count: "Other fields" (a turn's), "Other fields of the record". */
  label?: string;
  /**
   * Open or closed, when the caller keeps it (the transcript does: a windowed row that scrolls
   * out of the DOM and back stays as the reviewer left it); else the toggle keeps its own.
   */
  open?: boolean;
  onToggle?(): void;
  testId?: string;
  sx?: SxProps<Theme>;
}

/**
 * A quiet "Other fields (n)" button that opens the fields as written below it; nothing when
 * there are none. A real button with `aria-expanded`, so the keyboard reaches and opens it.
 */
export function OtherFieldsToggle({ extra, label = 'Other fields', open, onToggle, testId = 'other-fields', sx }: ToggleProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const id = useId();
  const count = otherFieldCount(extra);
  if (!extra || count === 0) return null;
  const shown = open ?? ownOpen;
  const toggle = onToggle ?? (() => setOwnOpen((o) => !o));
  return (
    <Box data-testid={testId} sx={sx}>
      <ButtonBase
        aria-expanded={shown}
        aria-controls={shown ? id : undefined}
        onClick={toggle}
        sx={{
          gap: 0.25,
          ml: -0.5,
          px: 0.5,
          py: 0.25,
          borderRadius: 1,
          fontSize: 12.5,
          color: 'text.secondary',
          '&:hover': { color: 'primary.main', bgcolor: 'primary.light' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <ChevronRightRounded sx={{ fontSize: 16, transition: 'transform 120ms', transform: shown ? 'rotate(90deg)' : 'none' }} aria-hidden />
        {label} ({count})
      </ButtonBase>
      {shown && (
        <Box id={id} sx={{ mt: 0.5 }}>
          <OtherFieldsJson extra={extra} maxHeight={320} />
        </Box>
      )}
    </Box>
  );
}
