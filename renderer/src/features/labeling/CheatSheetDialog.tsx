import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import type { KeyBinding, LabelSchema, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import { KeyCap } from './KeyCap';

/** Keys the screen adds to the keymap's own. */
const EXTRA: KeyBinding[] = [
  { keys: ['Shift', 'Tab'], action: { kind: 'previous-question' }, description: 'Previous question' },
  { keys: ['Shift', 'Enter'], action: { kind: 'next-question' }, description: 'Write the rationale of the focused question' },
  { keys: ['Escape'], action: { kind: 'next-question' }, description: 'Leave a text field' },
];

/** `?`: every key of this task — navigation, then each question's answers — one key away, never in the way. */
export function CheatSheetDialog({ keymap, schema, onClose }: { keymap: SchemaKeymap; schema: LabelSchema; onClose(): void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="cheat-sheet-title"
      onKeyDown={(event) => {
        if (event.key === '?') onClose();
      }}
    >
      <DialogTitle id="cheat-sheet-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>Keyboard</Box>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          ? or Esc closes
        </Typography>
        <IconButton size="small" aria-label="Close" onClick={onClose}>
          <CloseOutlined fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }} data-testid="cheat-sheet">
        <Group title="Moving and saving" bindings={[...keymap.global, ...EXTRA]} chord />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {schema.questions.map((q) => (
            <Group key={q.id} title={q.title} subtitle={q.scope === 'item' ? 'whole item' : `each ${q.scope}`} bindings={keymap.questions[q.id] ?? []} empty={q.type === 'text' ? 'Type the answer; Esc leaves the field.' : undefined} />
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

function Group({ title, subtitle, bindings, chord = false, empty }: { title: string; subtitle?: string; bindings: KeyBinding[]; chord?: boolean; empty?: string }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h4" sx={{ mb: 0.25 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
          {subtitle}
        </Typography>
      )}
      {bindings.length === 0 && empty && (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.6, m: 0, mt: 0.75 }}>
        {bindings.map((b, i) => (
          <Box key={i} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              {b.keys.map((k, j) => (
                <Box key={k} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {j > 0 && (
                    <Typography component="span" variant="caption" color="text.disabled">
                      {chord && b.keys[0] === 'Shift' ? '+' : 'or'}
                    </Typography>
                  )}
                  <KeyCap k={k} />
                </Box>
              ))}
            </Box>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {b.description}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
