import { Box, ButtonBase } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { isNumberAsWritten, jsonAsWritten } from '../../../../../electron/common/numbersAsWritten';
import { MONO_FONT } from '../../../theme/theme';
import { useNumbersAsWritten } from '../numbersAsWritten';

/** Colours of JSON values, the same as the raw view's so both read alike. */
const VALUE_COLOR = { key: '#2f5d8a', string: '#2e6b3f', number: '#9a5800', literal: '#7a3e9d', muted: '#6b7785' } as const;

interface Props {
  value: unknown;
  /** Depth to which objects and arrays open at first (0 = only the top line). */
  openDepth?: number;
  /** Accessible name of the tree. */
  label: string;
}

/**
 * JSON as a collapsible tree: objects and arrays fold to one line (`{3 keys}`), strings keep
 * their line breaks. A top-level object is shown as its keys, one a line, without braces — the
 * way arguments and tool results read best. Everything is rendered as text nodes — never
 * HTML — so a `<script>` in a tool's output is shown, not run.
 */
export function JsonTree({ value, openDepth = 2, label }: Props) {
  const bare = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
  return (
    <Box
      role="tree"
      aria-label={label}
      data-testid="json-tree"
      // Room on the left for the fold chevrons, which hang there so every key lines up.
      sx={{ fontFamily: MONO_FONT, fontSize: 12.5, lineHeight: 1.65, color: 'text.primary', minWidth: 0, overflowWrap: 'anywhere', pl: '14px' }}
    >
      {bare ? (
        Object.entries(value).map(([key, child]) => <JsonNode key={key} name={key} value={child} depth={0} openDepth={openDepth - 1} />)
      ) : (
        <JsonNode value={value} depth={0} openDepth={openDepth} />
      )}
    </Box>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name?: string | number; value: unknown; depth: number; openDepth: number }) {
  const container = value !== null && typeof value === 'object';
  const [open, setOpen] = useState(depth < openDepth);
  const prefix = name === undefined ? null : <Key name={name} />;
  if (!container) {
    return (
      <Box role="treeitem" sx={{ pl: depth === 0 ? 0 : 2.25 }}>
        {prefix}
        <Scalar value={value} />
      </Box>
    );
  }
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <Box role="treeitem" sx={{ pl: depth === 0 ? 0 : 2.25 }}>
        {prefix}
        <Box component="span" sx={{ color: VALUE_COLOR.muted }}>
          {openMark}
          {closeMark}
        </Box>
      </Box>
    );
  }
  const summary = Array.isArray(value) ? `${entries.length} item${entries.length === 1 ? '' : 's'}` : `${entries.length} key${entries.length === 1 ? '' : 's'}`;
  return (
    <Box role="treeitem" aria-expanded={open} sx={{ pl: depth === 0 ? 0 : 2.25 }}>
      <Toggle open={open} onToggle={() => setOpen((o) => !o)}>
        {prefix}
        <Box component="span" sx={{ color: VALUE_COLOR.muted }}>
          {openMark}
          {!open && (
            <>
              <Box component="span" sx={{ mx: 0.5, fontStyle: 'italic' }}>
                {summary}
              </Box>
              {closeMark}
            </>
          )}
        </Box>
      </Toggle>
      {open && (
        <>
          <Box role="group" sx={{ borderLeft: '1px solid #e6e9ee', ml: '5px' }}>
            {entries.map(([key, child]) => (
              <JsonNode key={key} name={key} value={child} depth={depth + 1} openDepth={openDepth} />
            ))}
          </Box>
          <Box component="span" sx={{ color: VALUE_COLOR.muted }}>
            {closeMark}
          </Box>
        </>
      )}
    </Box>
  );
}

function Toggle({ open, onToggle, children }: { open: boolean; onToggle(): void; children: ReactNode }) {
  return (
    <ButtonBase
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      aria-label={open ? 'Collapse' : 'Expand'}
      sx={{ font: 'inherit', textAlign: 'left', borderRadius: 0.5, verticalAlign: 'top', '&:hover': { bgcolor: '#eef1f5' } }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ display: 'inline-block', width: 14, ml: '-14px', textAlign: 'center', color: VALUE_COLOR.muted, transform: open ? 'rotate(90deg)' : 'none', transition: 'transform 120ms' }}
      >
        ›
      </Box>
      {children}
    </ButtonBase>
  );
}

function Key({ name }: { name: string | number }) {
  return (
    <Box component="span" sx={{ color: typeof name === 'number' ? VALUE_COLOR.muted : VALUE_COLOR.key }}>
      {name}
      <Box component="span" sx={{ color: VALUE_COLOR.muted, mr: 0.75 }}>
        :
      </Box>
    </Box>
  );
}

/**
 * A JSON scalar, coloured by type; strings keep their quotes so `"12"` and `12` stay apart. An
 * integer beyond 2^53 the source wrote bare (kept as its digits) is shown bare, as a number.
 */
export function Scalar({ value }: { value: unknown }) {
  const asWritten = useNumbersAsWritten();
  if (isNumberAsWritten(value, asWritten)) return <Box component="span" sx={{ color: VALUE_COLOR.number }}>{value}</Box>;
  if (typeof value === 'string') {
    return (
      <Box component="span" sx={{ color: VALUE_COLOR.string, whiteSpace: 'pre-wrap' }}>
        "{value}"
      </Box>
    );
  }
  if (typeof value === 'number') return <Box component="span" sx={{ color: VALUE_COLOR.number }}>{String(value)}</Box>;
  return <Box component="span" sx={{ color: VALUE_COLOR.literal }}>{value === undefined ? 'undefined' : JSON.stringify(value)}</Box>;
}

/** A value as one line of JSON text, integers beyond 2^53 the source wrote bare written bare. */
export function JsonText({ value }: { value: unknown }) {
  const asWritten = useNumbersAsWritten();
  return <Box component="span">{jsonAsWritten(value, asWritten)}</Box>;
}
