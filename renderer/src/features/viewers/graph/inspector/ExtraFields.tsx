import { Typography } from '@mui/material';
import { Code } from './Code';
import { InspectorSection } from './InspectorSection';

/** Source fields the model does not know, kept on import (DESIGN.md §3), as JSON text. */
export function ExtraFields({ extra }: { extra: Record<string, unknown> }) {
  const keys = Object.keys(extra);
  if (keys.length === 0) return null;
  return (
    <InspectorSection title="Other fields" count={keys.length}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
        Kept from the source as written.
      </Typography>
      <Code block sx={{ fontSize: 11.5, maxHeight: 240, overflow: 'auto' }}>
        {JSON.stringify(extra, null, 2)}
      </Code>
    </InspectorSection>
  );
}
