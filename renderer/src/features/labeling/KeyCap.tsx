import { Box } from '@mui/material';
import { MONO_FONT } from '../../theme/theme';
import { keyCap } from './keymap';

/** A key as a small keycap: `1`, `p`, `↵`. */
export function KeyCap({ k, dim = false }: { k: string; dim?: boolean }) {
  return (
    <Box
      component="kbd"
      sx={{
        fontFamily: MONO_FONT,
        fontSize: 11,
        lineHeight: '16px',
        minWidth: 18,
        height: 18,
        px: 0.5,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: 1,
        borderColor: dim ? 'divider' : '#cfd6de',
        borderBottomWidth: 2,
        borderRadius: '4px',
        bgcolor: dim ? 'transparent' : '#f7f8fa',
        color: dim ? 'text.disabled' : 'text.secondary',
        flexShrink: 0,
      }}
    >
      {keyCap(k)}
    </Box>
  );
}

/** The keys of one choice, side by side. */
export function KeyCaps({ keys, dim }: { keys: string[]; dim?: boolean }) {
  if (keys.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }} aria-hidden>
      {keys.map((k) => (
        <KeyCap key={k} k={k} dim={dim} />
      ))}
    </Box>
  );
}
