import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { Annotator, AnnotatorRole } from '../../../../electron/api/contract';
import { similarNames } from '../../../../electron/common/personName';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useAsyncAction } from '../../common/useAsyncAction';
import { ROLE_TEXT } from '../identity/identityStore';
import { LookalikeNameCheck } from './LookalikeNameCheck';

const ROLES: AnnotatorRole[] = ['annotator', 'adjudicator', 'lead'];

/**
 * Adds a person with a role. On a team server nobody says who they are ("Who are you?" is not
 * there): an adjudicator or a second lead exists only once a lead adds them, before their invite.
 */
export function AddPersonDialog({ people, onClose, onAdded }: { people: Annotator[]; onClose(): void; onAdded(person: Annotator): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const action = useAsyncAction();
  const titleId = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<AnnotatorRole>('annotator');
  const [someoneElse, setSomeoneElse] = useState(false);
  const typed = name.trim();
  const names = people.map((p) => p.name);
  const taken = names.includes(typed);
  const lookalikes = taken ? [] : similarNames(typed, names);
  const add = () =>
    action.run(async () => {
      const person = await api['annotators.upsert']({ name: typed, role, force: someoneElse });
      bump();
      onAdded(person);
    });
  const disabled = action.busy || !typed || taken || (lookalikes.length > 0 && !someoneElse);
  return (
    <Dialog open onClose={action.busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add a person</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Their role decides what they may see and do. Annotators named when a task is made are added with it; add adjudicators and other leads here.
        </Typography>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          size="small"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={taken}
          helperText={taken ? `“${typed}” is already here: change their role in the table` : ' '}
        />
        <TextField select fullWidth size="small" label="Role" value={role} onChange={(e) => setRole(e.target.value as AnnotatorRole)} helperText={ROLE_TEXT[role].help} sx={{ mt: 1 }}>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_TEXT[r].label}
            </MenuItem>
          ))}
        </TextField>
        {lookalikes.length > 0 && <LookalikeNameCheck typed={typed} lookalike={lookalikes[0]!} differentPeople={someoneElse} onDifferentPeople={setSomeoneElse} sx={{ mt: 1.5 }} />}
        {action.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {action.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={action.busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={disabled} onClick={() => void add()}>
          Add person
        </Button>
      </DialogActions>
    </Dialog>
  );
}
