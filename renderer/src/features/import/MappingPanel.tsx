import { Alert, Box, Button, Chip, FormControlLabel, MenuItem, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { MappingPreview } from '../../../../electron/api/contract';
import { MONO_FONT } from '../../theme/theme';
import type { MappingPreviewState } from './useMappingPreview';

/**
 * The mapping step of the import dialog for one file: what the file is, its first records, the
 * mapping (proposed by the preset that recognises it, or opened from the saved ones) to edit,
 * what that mapping makes of the records, and saving it by name.
 */
export function MappingPanel({ state, fileName }: { state: MappingPreviewState; fileName: string }) {
  const { preview } = state;
  return (
    <Box data-testid="mapping-panel" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, border: 1, borderColor: 'divider', borderRadius: 1.5, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 200 }}>
          How {fileName} reads
        </Typography>
        {!preview && (
          <Button size="small" variant="outlined" disabled={state.busy} onClick={() => void state.run(null)} data-testid="mapping-preview-start">
            Show the first records
          </Button>
        )}
      </Box>
      {!preview && (
        <Typography variant="body2" color="text.secondary">
          Files in a known shape import as they are. For others, a mapping says where each field lives in your records; preview it on the first records before importing.
        </Typography>
      )}
      {state.error && <Alert severity="error">{state.error}</Alert>}
      {preview && <Recognised preview={preview} />}
      {preview && <FirstRecords preview={preview} />}
      {preview && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                Mapping
              </Typography>
              <TextField
                select
                size="small"
                label="Open saved or preset"
                value=""
                onChange={(event) => void state.open(event.target.value)}
                sx={{ minWidth: 220 }}
                slotProps={{ htmlInput: { 'data-testid': 'mapping-open' } }}
              >
                {state.mappings.map((m) => (
                  <MenuItem key={m.name} value={m.name}>
                    {m.name} {m.preset ? '(preset)' : ''}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <TextField
              multiline
              minRows={10}
              maxRows={18}
              value={state.text}
              onChange={(event) => state.setText(event.target.value)}
              placeholder='{ "format": "accord.mapping", "name": "my-log", "kind": "conversation", "id": "id", "messages": { "path": "messages", "role": "role", "content": "text" } }'
              slotProps={{ htmlInput: { 'aria-label': 'Mapping (JSON)', 'data-testid': 'mapping-text', style: { fontFamily: MONO_FONT, fontSize: 12 } } }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button size="small" variant="outlined" disabled={state.busy || state.text.trim() === ''} onClick={() => void state.run(state.text)} data-testid="mapping-preview-run">
                Preview this mapping
              </Button>
              <Button size="small" disabled={state.text.trim() === ''} onClick={() => void state.save()} data-testid="mapping-save">
                Save by its name
              </Button>
              {state.saved && (
                <Typography variant="body2" color="success.main" data-testid="mapping-saved">
                  {state.saved}
                </Typography>
              )}
            </Box>
            <FormControlLabel
              control={<Switch size="small" checked={state.useForImport} onChange={(event) => state.setUseForImport(event.target.checked)} />}
              label={<Typography variant="body2">Import this file through the mapping</Typography>}
            />
          </Box>
          <PreviewTable preview={preview} />
        </Box>
      )}
    </Box>
  );
}

function Recognised({ preview }: { preview: MappingPreview }) {
  const r = preview.recognised;
  const text =
    r.as === 'preset'
      ? `Recognised as a ${r.preset} release: it imports as it is. Its mapping is below to read, copy and edit.`
      : r.as === 'format'
        ? `A built-in format (${r.format}): it imports as it is, no mapping needed.`
        : 'Not a shape Accord knows: write a mapping (or open a saved one) and preview it.';
  return (
    <Alert severity={r.as === 'unknown' ? 'warning' : 'info'} data-testid="mapping-recognised">
      {text}
    </Alert>
  );
}

function FirstRecords({ preview }: { preview: MappingPreview }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        First {preview.records.length === 1 ? 'record' : `${preview.records.length} records`} ({preview.framing}
        {preview.moreRecords ? ', more follow' : ''})
      </Typography>
      <Box
        component="pre"
        data-testid="mapping-records"
        sx={{ m: 0, p: 1.25, maxHeight: 180, overflow: 'auto', bgcolor: '#f7f8fa', border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: MONO_FONT, fontSize: 11.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {preview.records.map((record, i) => `#${i + 1} ${abbreviated(record)}`).join('\n\n')}
      </Box>
    </Box>
  );
}

function PreviewTable({ preview }: { preview: MappingPreview }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        What it makes of them
      </Typography>
      {preview.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing yet: no mapping to read the records with.
        </Typography>
      ) : (
        <Table size="small" data-testid="mapping-preview">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Item</TableCell>
              <TableCell>Holds</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.items.map((item, i) => (
              <TableRow key={i} data-testid="mapping-preview-row">
                <TableCell sx={{ verticalAlign: 'top' }}>{item.record}</TableCell>
                {item.problem ? (
                  <TableCell colSpan={2} sx={{ color: 'error.main', wordBreak: 'break-word' }}>
                    {item.problem}
                  </TableCell>
                ) : (
                  <>
                    <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 12, wordBreak: 'break-all' }}>{item.externalId}</TableCell>
                    <TableCell>
                      {item.summary}
                      {item.errors > 0 && <Chip size="small" color="error" variant="outlined" label={`${item.errors} error${item.errors === 1 ? '' : 's'}`} sx={{ ml: 1, height: 20 }} />}
                      {item.warnings > 0 && <Chip size="small" color="warning" variant="outlined" label={`${item.warnings} warning${item.warnings === 1 ? '' : 's'}`} sx={{ ml: 1, height: 20 }} />}
                    </TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** A record as compact JSON, long texts cut, so several fit on screen. */
function abbreviated(record: unknown): string {
  const text = JSON.stringify(record, (_key, value: unknown) => (typeof value === 'string' && value.length > 80 ? `${value.slice(0, 79)}…` : value));
  return text.length > 600 ? `${text.slice(0, 599)}…` : text;
}
