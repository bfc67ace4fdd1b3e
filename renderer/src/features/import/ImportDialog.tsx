import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router';
import { LeadGate } from '../identity/LeadGate';
import { useIdentity } from '../identity/identityContext';
import { ChosenFiles } from './ChosenFiles';
import { FileDropZone } from './FileDropZone';
import { ImportOptions } from './ImportOptions';
import { ImportProgress } from './ImportProgress';
import { ImportResults } from './ImportResults';
import { MappingPanel } from './MappingPanel';
import { useMappingPreview } from './useMappingPreview';
import { useImport } from './useImport';

/** Pick or drop files, import them with a progress bar, then read the per-file outcome. */
export function ImportDialog({ onClose }: { onClose(): void }) {
  const state = useImport();
  // The mapping step works on one file at a time: the one chosen.
  const single = state.files.length === 1 ? state.files[0]!.file : null;
  const mapping = useMappingPreview(single);
  const navigate = useNavigate();
  const isLead = useIdentity().identity?.role === 'lead';
  const showItems = () => {
    onClose();
    navigate('/items');
  };
  const openTask = (taskId: number) => {
    onClose();
    navigate(`/tasks/${taskId}`);
  };
  return (
    <Dialog open onClose={state.running ? undefined : onClose} maxWidth={mapping.preview ? 'lg' : 'md'} fullWidth aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Import files</DialogTitle>
      <DialogContent dividers>
        {state.phase === 'choosing' && (
          <LeadGate action="Importing datasets">
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
              <FileDropZone onFiles={state.addFiles} onProblem={state.setChoiceProblem} compact={state.files.length > 0} />
              {state.choiceProblem && (
                <Alert severity="warning" onClose={() => state.setChoiceProblem(null)}>
                  {state.choiceProblem}
                </Alert>
              )}
              <ChosenFiles files={state.files} onRemove={state.removeFile} />
              {single && <MappingPanel state={mapping} fileName={single.name} />}
              <ImportOptions
                files={state.files.length}
                dataset={state.dataset}
                onDataset={state.setDataset}
                skipInvalid={state.skipInvalid}
                onSkipInvalid={state.setSkipInvalid}
              />
            </Box>
          </LeadGate>
        )}
        {state.running && <ImportProgress phase={state.phase} upload={state.upload} progress={state.progress} />}
        {state.phase === 'done' && state.report && <ImportResults report={state.report} onOpenTask={openTask} />}
        {state.phase === 'failed' && <Alert severity="error">{state.error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {state.phase === 'choosing' && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" disabled={!isLead || state.files.length === 0} onClick={() => void state.start(single ? mapping.importMapping() : undefined)}>
              {state.files.length > 1 ? `Import ${state.files.length} files` : 'Import'}
            </Button>
          </>
        )}
        {state.running && (
          <Button color="inherit" onClick={state.cancel} disabled={state.phase !== 'importing'}>
            Cancel import
          </Button>
        )}
        {(state.phase === 'done' || state.phase === 'failed') && (
          <>
            <Button onClick={state.startOver}>Import more files</Button>
            <Box sx={{ flex: 1 }} />
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" onClick={showItems}>
              Show items
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
