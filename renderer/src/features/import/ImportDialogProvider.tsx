import { useMemo, useState, type ReactNode } from 'react';
import { ImportDialog } from './ImportDialog';
import { ImportDialogContext } from './importDialogContext';

/** Holds the import dialog once for the whole app; a fresh dialog state on every opening. */
export function ImportDialogProvider({ children }: { children: ReactNode }) {
  const [openCount, setOpenCount] = useState(0);
  const [open, setOpen] = useState(false);
  const control = useMemo(
    () => ({
      open: () => {
        setOpenCount((n) => n + 1);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <ImportDialogContext.Provider value={control}>
      {children}
      {open && <ImportDialog key={openCount} onClose={() => setOpen(false)} />}
    </ImportDialogContext.Provider>
  );
}
