import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { Alert, Box, Button, Chip, LinearProgress, MenuItem, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Annotator, AnnotatorRole } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { PageHeader } from '../../common/PageHeader';
import { formatDateTime, plural } from '../../common/format';
import { LeadGate } from '../identity/LeadGate';
import { ROLE_TEXT } from '../identity/identityStore';
import { useIdentity } from '../identity/identityContext';
import { useAnnotators } from '../identity/useAnnotators';
import { MergeDialog } from './MergeDialog';
import { RenameDialog } from './RenameDialog';
import { InviteDialog } from './InviteDialog';
import { InvitesSection } from './InvitesSection';
import { AddPersonDialog } from './AddPersonDialog';
import { VisibleName } from '../../common/VisibleName';

/**
 * `#/people`: the workspace's annotators for a lead to manage: rename one, deactivate one
 * (their labels stay; they can no longer act or be assigned) or activate them again, and merge
 * two records of the same person.
 */
export default function PeoplePage() {
  return (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <PeopleScreen />
    </Box>
  );
}

function PeopleScreen() {
  const annotators = useAnnotators();
  const lead = useIdentity().identity?.role === 'lead';
  const [adding, setAdding] = useState(false);
  const list = annotators.data ?? [];
  const active = list.filter((a) => a.active).length;
  return (
    <>
      <PageHeader
        title="People"
        summary={annotators.data ? `${plural(active, 'active person', 'active people')}${list.length > active ? ` · ${list.length - active} inactive` : ''}` : undefined}
        actions={
          lead && (
            <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setAdding(true)}>
              Add person…
            </Button>
          )
        }
      />
      <LeadGate action="Managing people">
        {annotators.loading && !annotators.data && <LinearProgress aria-label="Loading people" />}
        {annotators.error && <Alert severity="error">{annotators.error}</Alert>}
        {annotators.data && <PeopleTable people={list} adding={adding} onAddingEnd={() => setAdding(false)} />}
        {annotators.data && <InvitesSection />}
      </LeadGate>
    </>
  );
}

function PeopleTable({ people, adding, onAddingEnd }: { people: Annotator[]; adding: boolean; onAddingEnd(): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const { identity, team } = useIdentity();
  const me = identity?.name;
  const [renaming, setRenaming] = useState<Annotator | null>(null);
  const [merging, setMerging] = useState<Annotator | null>(null);
  const [inviting, setInviting] = useState<Annotator | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const setActive = async (person: Annotator, active: boolean) => {
    setMessage(null);
    try {
      await api[active ? 'annotators.activate' : 'annotators.deactivate']({ name: person.name });
      setMessage({ severity: 'success', text: active ? `“${person.name}” is active again.` : `Deactivated “${person.name}”: their labels stay; they can no longer act or be assigned.` });
      bump();
    } catch (e) {
      setMessage({ severity: 'error', text: messageOf(e) });
    }
  };
  // A role is read on each request, so on a team server the change holds from their next action.
  const setRole = async (person: Annotator, role: AnnotatorRole) => {
    setMessage(null);
    try {
      await api['annotators.upsert']({ name: person.name, role, force: false });
      setMessage({ severity: 'success', text: `“${person.name}” is now ${ROLE_TEXT[role].label.toLowerCase()} (was ${ROLE_TEXT[person.role].label.toLowerCase()}).` });
      bump();
    } catch (e) {
      setMessage({ severity: 'error', text: messageOf(e) });
    }
  };
  return (
    <>
      {message && (
        <Alert severity={message.severity} sx={{ mb: 2 }} onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Paper variant="outlined">
        <Table size="small" aria-label="People">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Since</TableCell>
              <TableCell align="right" aria-label="Actions" />
            </TableRow>
          </TableHead>
          <TableBody>
            {people.map((person) => (
              <TableRow key={person.id} data-testid="person-row" sx={{ opacity: person.active ? 1 : 0.75 }}>
                <TableCell sx={{ fontWeight: 600 }}>
                  <VisibleName name={person.name} />
                  {person.name === me && <Chip size="small" label="you" sx={{ ml: 1, height: 18, fontSize: 11 }} />}
                </TableCell>
                <TableCell>
                  {person.active && !person.mergedInto && person.name !== me ? (
                    <TextField
                      select
                      variant="standard"
                      value={person.role}
                      onChange={(e) => void setRole(person, e.target.value as AnnotatorRole)}
                      slotProps={{ input: { disableUnderline: true }, htmlInput: { 'aria-label': `Role of ${person.name}` } }}
                      sx={{ minWidth: 120, '& .MuiSelect-select': { fontSize: 14, py: 0.25 } }}
                    >
                      {(Object.keys(ROLE_TEXT) as AnnotatorRole[]).map((role) => (
                        <MenuItem key={role} value={role}>
                          {ROLE_TEXT[role].label}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    ROLE_TEXT[person.role].label
                  )}
                </TableCell>
                <TableCell>
                  {person.mergedInto ? (
                    <Chip size="small" variant="outlined" label={`Merged into ${person.mergedInto}`} />
                  ) : person.active ? (
                    <Chip size="small" label="Active" sx={{ bgcolor: 'success.light', color: 'success.main' }} />
                  ) : (
                    <Chip size="small" variant="outlined" color="warning" label="Inactive" />
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(person.createdAt)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {!person.mergedInto && (
                    <>
                      {person.active && (
                        <Button size="small" onClick={() => setInviting(person)}>
                          Invite…
                        </Button>
                      )}
                      <Button size="small" onClick={() => setRenaming(person)}>
                        Rename…
                      </Button>
                      {person.active ? (
                        <Button size="small" color="warning" disabled={person.name === me} onClick={() => void setActive(person, false)}>
                          Deactivate
                        </Button>
                      ) : (
                        <Button size="small" onClick={() => void setActive(person, true)}>
                          Activate
                        </Button>
                      )}
                      <Button size="small" disabled={person.name === me} onClick={() => setMerging(person)}>
                        Merge into…
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 760 }}>
        Deactivating keeps every label a person made (agreement, gold and exports still count them); they can no longer say they are that person or be
        added to a task. Merging makes two records of one person one: the labels move, and where both answered the same question differently you choose
        which answer stays — the other is kept in the label history.
      </Typography>
      {renaming && (
        <RenameDialog
          person={renaming}
          people={people}
          onClose={() => setRenaming(null)}
          onDone={(text) => {
            setRenaming(null);
            setMessage({ severity: 'success', text });
          }}
        />
      )}
      {inviting && <InviteDialog person={inviting} onClose={() => setInviting(null)} />}
      {adding && (
        <AddPersonDialog
          people={people}
          onClose={onAddingEnd}
          onAdded={(person) => {
            onAddingEnd();
            setMessage({ severity: 'success', text: `Added “${person.name}” as ${ROLE_TEXT[person.role].label.toLowerCase()}.${team ? '' : ' Invite… makes their link for a team server.'}` });
            // On a team server the next step is their link.
            if (team) setInviting(person);
          }}
        />
      )}
      {merging && (
        <MergeDialog
          from={merging}
          people={people}
          onClose={() => setMerging(null)}
          onDone={(text) => {
            setMerging(null);
            setMessage({ severity: 'success', text });
          }}
        />
      )}
    </>
  );
}
