import { useContext } from 'react';
import { ImportDialogContext, type ImportDialogControl } from './importDialogContext';

/** Opens the import dialog from any screen (top bar, empty states). */
export function useImportDialog(): ImportDialogControl {
  return useContext(ImportDialogContext);
}
