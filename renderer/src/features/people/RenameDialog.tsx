import { TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Annotator } from '../../../../electron/api/contract';
import { similarNames } from '../../../../electron/common/personName';
import { useApi, useDataVersion } from '../../api/apiContext';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useAsyncAction } from '../../common/useAsyncAction';
import { LookalikeNameCheck } from './LookalikeNameCheck';

/** Renames a person; a new name like someone else's but for case or spacing is asked about first. */
export function RenameDialog({ person, people, onClose, onDone }: { person: Annotator; people: Annotator[]; onClose(): void; onDone(message: string): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const action = useAsyncAction();
  const [name, setName] = useState(person.name);
  const [someoneElse, setSomeoneElse] = useState(false);
  const typed = name.trim();
  const others = people.filter((p) => p.id !== person.id).map((p) => p.name);
  const taken = others.includes(typed);
  const lookalikes = taken ? [] : similarNames(typed, others);
  const rename = () =>
    action.run(async () => {
      await api['annotators.rename']({ name: person.name, newName: typed, force: someoneElse });
      bump();
      onDone(`Renamed “${person.name}” to “${typed}”; their labels, queues and gold follow.`);
    });
  return (
    <ConfirmDialog
      open
      title={<>Rename “{person.name}”</>}
      busy={action.busy}
      error={action.error}
      keepLabel="Cancel"
      confirmLabel="Rename"
      confirmColor="warning"
      confirmDisabled={!typed || typed === person.name || taken || (lookalikes.length > 0 && !someoneElse)}
      onKeep={onClose}
      onConfirm={() => void rename()}
    >
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Their labels, queues, submissions and gold decisions keep following them under the new name.
      </Typography>
      <TextField autoFocus fullWidth size="small" label="New name" value={name} onChange={(e) => setName(e.target.value)} error={taken} helperText={taken ? `“${typed}” is already someone; merge the two instead` : ' '} />
      {lookalikes.length > 0 && <LookalikeNameCheck typed={typed} lookalike={lookalikes[0]!} differentPeople={someoneElse} onDifferentPeople={setSomeoneElse} sx={{ mt: 1 }} />}
    </ConfirmDialog>
  );
}
