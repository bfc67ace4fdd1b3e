import { Typography } from '@mui/material';
import { jsonAsWritten } from '../../../../../../electron/common/numbersAsWritten';
import { useNumbersAsWritten } from '../../numbersAsWritten';
import { Code } from './Code';
import { InspectorSection } from './InspectorSection';

/** Source fields the model does not know, kept on import (DESIGN.md §3), as JSON text. */
export function ExtraFields({ extra }: { extra: Record<string, unknown> }) {
  // Integers beyond 2^53 (kept as their digits) are written bare, as the source has them.
  const asWritten = useNumbersAsWritten();
  const keys = Object.keys(extra);
  if (keys.length === 0) return null;
  return (
    <InspectorSection title="Other fields" count={keys.length}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
        Kept from the source as written.
      </Typography>
      <Code block sx={{ fontSize: 11.5, maxHeight: 240, overflow: 'auto' }}>
        {jsonAsWritten(extra, asWritten, 2)}
      </Code>
    </InspectorSection>
  );
}
