import { Box, Button, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { NumberedLines } from '../NumberedLines';
import { tokenizeJsonLine, type JsonToken } from './jsonTokens';
import { count } from '../../../../../electron/common/numberFormat';

/** Lines drawn before "Show all": enough for any ordinary artifact, and keeps huge ones responsive. */
const INITIAL_LINES = 4000;

const TOKEN_COLOR: Record<JsonToken['type'], string | undefined> = {
  key: '#2f5d8a',
  string: '#2e6b3f',
  number: '#9a5800',
  literal: '#7a3e9d',
  punctuation: '#6b7785',
  space: undefined,
};

interface Props {
  text: string;
  /** `json` colours pretty-printed JSON; `text` shows the source as it is. */
  language: 'json' | 'text';
  label: string;
}

/**
 * Read-only code with line numbers (so `line:column` in a finding can be found). Every line is
 * a text node — never HTML — so imported content is shown, not executed.
 */
export function CodeBlock({ text, language, label }: Props) {
  // A final newline ends the last line; it does not start an empty one.
  const lines = useMemo(() => text.replace(/\r?\n$/, '').split(/\r?\n/), [text]);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? lines : lines.slice(0, INITIAL_LINES);
  return (
    <Box>
      <NumberedLines lineCount={lines.length} label={label} testId={`code-${language}`} sx={{ py: 1.5, lineHeight: 1.6, color: 'text.primary', tabSize: 2 }}>
        {shown.map((line, index) => (
          <span key={index}>{language === 'json' ? <JsonLine line={line} /> : line || ' '}</span>
        ))}
      </NumberedLines>
      {!showAll && lines.length > INITIAL_LINES && (
        <Box sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary">
            Showing {count(INITIAL_LINES)} of {count(lines.length)} lines.
          </Typography>
          <Button size="small" onClick={() => setShowAll(true)}>
            Show all
          </Button>
        </Box>
      )}
    </Box>
  );
}

function JsonLine({ line }: { line: string }) {
  return (
    <>
      {tokenizeJsonLine(line).map((token, i) =>
        token.type === 'space' ? token.text : (
          <Box component="span" key={i} sx={{ color: TOKEN_COLOR[token.type] }}>
            {token.text}
          </Box>
        ),
      )}
    </>
  );
}
