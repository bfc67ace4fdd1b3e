import { Box, Typography } from '@mui/material';
import type { SopNodeType } from './graphTypes';
import { NODE_TYPE_STYLE } from './nodeTypeStyle';

/** Which colour is which node type, for the types this graph has (in the toolbar). */
export function GraphLegend({ types }: { types: SopNodeType[] }) {
  return (
      <Box role="list" aria-label="Node types" data-testid="graph-legend" sx={{ display: 'flex', columnGap: 1.25, rowGap: 0.25, flexWrap: 'wrap', alignItems: 'center' }}>
        {types.map((type) => {
          const style = NODE_TYPE_STYLE[type];
          const terminal = type === 'start' || type === 'end';
          return (
            <Box role="listitem" key={type} sx={{ display: 'flex', alignItems: 'center', gap: 0.625 }}>
              <Box
                aria-hidden
                sx={{
                  width: terminal ? 18 : 12,
                  height: 12,
                  borderRadius: terminal ? 6 : 0.5,
                  bgcolor: style.tint,
                  border: `${type === 'end' ? 3 : 2}px ${type === 'end' ? 'double' : 'solid'} ${style.color}`,
                  borderLeftWidth: terminal ? undefined : 4,
                  boxSizing: 'border-box',
                }}
              />
              <Typography variant="caption" sx={{ fontWeight: 500, color: 'text.secondary' }}>
                {style.label}
              </Typography>
            </Box>
          );
        })}
      </Box>
  );
}
