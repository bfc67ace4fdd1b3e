import type { Ref } from 'react';

interface Props {
  /** For a `<label htmlFor>` (an MUI `Button component="label"`) that opens the picker. */
  id?: string;
  /** For a button that opens the picker with `ref.current.click()`. */
  ref?: Ref<HTMLInputElement>;
  accept: string;
  'aria-label'?: string;
  'data-testid'?: string;
  onFile(file: File): void;
}

/**
 * The browser's file picker, hidden behind a button of ours. The input is emptied after each
 * pick, so picking the same file again (after fixing it on disk) fires again.
 */
export function HiddenFileInput({ id, ref, accept, onFile, ...labels }: Props) {
  return (
    <input
      id={id}
      ref={ref}
      type="file"
      accept={accept}
      hidden
      {...labels}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
