import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { MONO_FONT } from '../../../theme/theme';

interface Props {
  label: string;
  value: unknown;
  onChange(value: unknown): void;
  minRows?: number;
}

/**
 * JSON edited as text: the text is kept as typed, and the value changes only when it parses, so a
 * half-typed brace does not wipe the schema. What does not parse is said under the field.
 */
export function JsonField({ label, value, onChange, minRows = 8 }: Props) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);

  // A new value from outside (another judge, a revert) replaces the text, unless it is what we typed.
  useEffect(() => {
    setText((current) => {
      try {
        if (JSON.stringify(JSON.parse(current)) === JSON.stringify(value)) return current;
      } catch {
        // The current text is not JSON; the outside value wins.
      }
      setError(null);
      return JSON.stringify(value, null, 2);
    });
  }, [value]);

  return (
    <TextField
      label={label}
      value={text}
      multiline
      minRows={minRows}
      fullWidth
      error={error !== null}
      helperText={error ?? ' '}
      onChange={(event) => {
        setText(event.target.value);
        try {
          onChange(JSON.parse(event.target.value));
          setError(null);
        } catch (e) {
          setError(`Not valid JSON yet: ${(e as Error).message}`);
        }
      }}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 12.5, lineHeight: 1.55 } } }}
    />
  );
}
