import { Box } from '@mui/material';
import { namePieces } from '../../../electron/common/visibleText';

/**
 * A name from an imported file or a person (dataset, item, file, annotator): shown as data.
 * Control and bidirectional characters (a U+202E that would show `evil‮txt.exe` reversed) are
 * not applied but shown as a marked escape, `\u202E`, with the code point on hover — the same
 * escapes the CLI prints (electron/common/visibleText.ts). A name without such characters
 * renders as plain text.
 */
export function VisibleName({ name }: { name: string }) {
  const pieces = namePieces(name);
  if (pieces.every((p) => !p.escape)) return <>{name}</>;
  return (
    // Isolated, so that what surrounds the name keeps its own direction whatever the name holds.
    <Box component="bdi" data-testid="visible-name" sx={{ unicodeBidi: 'isolate' }}>
      {pieces.map((piece, i) =>
        piece.escape ? (
          <Box
            key={i}
            component="span"
            title={`${piece.codePoint}: a control or direction character in the name, shown rather than applied`}
            data-testid="name-escape"
            sx={{ fontFamily: 'monospace', fontSize: '0.85em', fontWeight: 600, px: 0.375, mx: 0.125, borderRadius: 0.5, border: 1, borderColor: 'warning.main', bgcolor: 'rgba(237, 108, 2, 0.08)', color: 'warning.dark' }}
          >
            {piece.text}
          </Box>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </Box>
  );
}
