import { Box, Typography } from '@mui/material';
import { splitClauses } from '../edgeText';
import type { GraphView } from '../graphView';
import type { SopGraphEdge } from '../graphTypes';
import { Code } from './Code';
import { InspectorSection } from './InspectorSection';
import { variableSources } from './variableSources';

/**
 * An edge's full condition, one clause per line, and for each variable it reads the tools that
 * return it (or a warning that none does).
 */
export function ConditionSection({ edge, graph }: { edge: SopGraphEdge; graph: GraphView }) {
  const sources = variableSources(edge, graph);
  return (
    <InspectorSection title="Condition" testId="inspector-condition">
      {edge.conditions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None: this transition is always taken.
        </Typography>
      ) : (
        <>
          {edge.conditions.length > 1 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              All {edge.conditions.length} must hold.
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            {edge.conditions.map((condition, i) => (
              <Code block key={i}>
                {splitClauses(condition).join('\n')}
              </Code>
            ))}
          </Box>
        </>
      )}
      {sources.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }} aria-label="Variables">
          {sources.map(({ variable, returnedBy }) => (
            <Typography component="li" variant="caption" key={variable} color="text.secondary">
              <Code sx={{ fontSize: 11.5 }}>{`{${variable}}`}</Code>{' '}
              {returnedBy.length ? `returned by ${returnedBy.join(', ')}` : <Box component="span" sx={{ color: 'error.main' }}>returned by no tool in the graph</Box>}
            </Typography>
          ))}
        </Box>
      )}
    </InspectorSection>
  );
}
