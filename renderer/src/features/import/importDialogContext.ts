import { createContext } from 'react';

export interface ImportDialogControl {
  open(): void;
}

export const ImportDialogContext = createContext<ImportDialogControl>({ open: () => undefined });
