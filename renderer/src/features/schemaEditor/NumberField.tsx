import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';

type Props = Omit<TextFieldProps, 'value' | 'onChange'> & { value: number; onValue(value: number): void };

/**
 * A number typed as text: what the person types stays on screen while it is not a number yet
 * ("-", "0."), and the parsed value (NaN when it is none) goes up, so the validator can say so.
 */
export function NumberField({ value, onValue, ...props }: Props) {
  const [text, setText] = useState(Number.isFinite(value) ? String(value) : '');
  useEffect(() => {
    setText((current) => (Number(current) === value && current.trim() !== '' ? current : Number.isFinite(value) ? String(value) : current));
  }, [value]);
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onValue(event.target.value.trim() === '' ? NaN : Number(event.target.value));
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', ...(props.slotProps?.htmlInput as object) } }}
    />
  );
}
