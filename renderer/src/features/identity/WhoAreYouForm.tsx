import { Alert, Autocomplete, Box, Button, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import { messageOf } from '../../api/useApiQuery';
import { useIdentity } from './identityContext';
import { ROLE_TEXT } from './identityStore';
import { useAnnotators } from './useAnnotators';
import { similarNames } from '../../../../electron/common/personName';

const ROLES: AnnotatorRole[] = ['annotator', 'adjudicator', 'lead'];

/** Name and role, picked from the people the workspace knows or typed new. */
export function WhoAreYouForm({ onDone, submitLabel = 'Continue', initialRole = 'annotator' }: { onDone?(): void; submitLabel?: string; initialRole?: AnnotatorRole }) {
  const { identity, signIn } = useIdentity();
  const annotators = useAnnotators();
  const [name, setName] = useState(identity?.name ?? '');
  const [role, setRole] = useState<AnnotatorRole>(identity?.role ?? initialRole);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const known = annotators.data ?? [];
  // A new name that is an existing person's but for case or spacing ("Ana" beside "ana"): asked about first.
  const [lookalike, setLookalike] = useState<string | null>(null);

  const pickName = (value: string) => {
    setName(value);
    setLookalike(null);
    const existing = known.find((a) => a.name === value.trim());
    if (existing) setRole(existing.role);
  };

  const signInAs = async (who: string, force: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await signIn(who, role, force);
      onDone?.();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) return;
    const names = known.map((a) => a.name);
    const similar = names.includes(typed) ? [] : similarNames(typed, names);
    if (similar.length > 0 && lookalike === null) {
      setLookalike(similar[0]);
      return;
    }
    void signInAs(typed, similar.length > 0);
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }} aria-label="Who are you">
      <Autocomplete
        freeSolo
        options={known.filter((a) => a.active).map((a) => a.name)}
        inputValue={name}
        onInputChange={(_e, value) => pickName(value)}
        renderInput={(params) => <TextField {...params} autoFocus label="Your name" placeholder="e.g. ana" helperText="Labels are recorded under this name." />}
      />
      <Box>
        <Typography variant="subtitle2" id="role-label" sx={{ mb: 0.5 }}>
          Role
        </Typography>
        <RadioGroup aria-labelledby="role-label" value={role} onChange={(_e, value) => setRole(value as AnnotatorRole)}>
          {ROLES.map((r) => (
            <FormControlLabel
              key={r}
              value={r}
              control={<Radio size="small" />}
              sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
              label={
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {ROLE_TEXT[r].label}
                  </Typography>
                  {/* A block of its own: inline, its lines took the body text's spacing. */}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {ROLE_TEXT[r].help}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </Box>
      {lookalike !== null && (
        <Alert
          severity="warning"
          data-testid="lookalike-name"
          action={
            <Button color="inherit" size="small" variant="outlined" sx={{ alignSelf: 'center', whiteSpace: 'nowrap' }} onClick={() => pickName(lookalike)}>
              I am “{lookalike}”
            </Button>
          }
        >
          “{name.trim()}” differs from “{lookalike}” only by case or spacing. Are you “{lookalike}”? Press {submitLabel} again if you are someone else.
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!name.trim() || busy}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
