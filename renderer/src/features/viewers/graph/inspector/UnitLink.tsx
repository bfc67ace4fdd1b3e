import { Box, ButtonBase, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { MONO_FONT } from '../../../../theme/theme';
import type { NodeView } from '../graphView';
import { NODE_TYPE_STYLE } from '../nodeTypeStyle';

/** A node named in the inspector (`B  Send One-Time Code`); a click selects it on the graph. */
export function NodeLink({ view, id, onSelect }: { view: NodeView | undefined; id: string; onSelect(unit: string): void }) {
  const color = view ? NODE_TYPE_STYLE[view.node.type].color : '#7a7f87';
  return (
    <LinkButton onClick={() => onSelect(`node:${id}`)} label={`Select node ${id}`}>
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color, flex: 'none', mt: '6px' }} />
      <Typography component="span" variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12, fontWeight: 600, flex: 'none', lineHeight: '20px' }}>
        {id}
      </Typography>
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lineHeight: '20px' }}>
        {view ? view.title : 'not in the graph'}
      </Typography>
    </LinkButton>
  );
}

/** A row-like button inside the inspector. */
export function LinkButton({ children, onClick, label }: { children: ReactNode; onClick(): void; label: string }) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={label}
      sx={{ display: 'flex', justifyContent: 'flex-start', alignItems: 'flex-start', gap: 0.75, width: 'calc(100% + 12px)', textAlign: 'left', borderRadius: 1, px: 0.75, py: 0.25, mx: -0.75, '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
    >
      {children}
    </ButtonBase>
  );
}
