import { Box, IconButton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { useMemo, useState } from 'react';
import type { ViewerProps } from '../types';
import { CodeBlock } from './CodeBlock';
import { useCopy } from './useCopy';

type RawTab = 'source' | 'payload';

/**
 * The artifact as stored: the payload as pretty JSON and, when the source was not valid JSON,
 * the source text exactly as imported (shown first — its malformation is what a reviewer needs
 * to see). The default viewer of every kind.
 */
export default function RawArtifactView({ item }: ViewerProps) {
  const payload = useMemo(() => JSON.stringify(item.payload, null, 2) ?? 'null', [item.payload]);
  const hasSource = item.rawText !== null;
  const [tab, setTab] = useState<RawTab>(hasSource ? 'source' : 'payload');
  const shown = tab === 'source' && hasSource ? item.rawText! : payload;
  const copy = useCopy();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', pl: 1, pr: 1 }}>
        {hasSource ? (
          <Tabs value={tab} onChange={(_e, next: RawTab) => setTab(next)} aria-label="Raw artifact" sx={{ minHeight: 42, '& .MuiTab-root': { minHeight: 42 } }}>
            <Tab value="source" label="Source text" />
            <Tab value="payload" label="Payload (JSON)" />
          </Tabs>
        ) : (
          <Typography variant="h4" component="h2" sx={{ px: 1, py: 1.25 }}>
            Payload <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>JSON, as stored</Box>
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {copy.copied && (
          <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }} role="status">
            Copied
          </Typography>
        )}
        <Tooltip title={tab === 'source' ? 'Copy source text' : 'Copy JSON'}>
          <IconButton size="small" aria-label="Copy" onClick={() => copy.copy(shown)}>
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {tab === 'source' && hasSource && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
          {item.findings.some((f) => f.validator.endsWith('invalid-json'))
            ? 'This source is not valid JSON; it is kept exactly as imported. The payload tab shows what was read from it.'
            : 'The source text exactly as imported. The payload tab shows what was read from it.'}
        </Typography>
      )}
      <CodeBlock text={shown} language={tab === 'source' ? 'text' : 'json'} label={tab === 'source' ? 'Source text' : 'Payload JSON'} />
    </Box>
  );
}
