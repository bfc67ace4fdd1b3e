import { Box, Chip, Link, Paper, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ItemDetail } from '../../../../electron/api/contract';
import { KindChip } from '../../common/KindChip';
import { VisibleName } from '../../common/VisibleName';
import { MONO_FONT } from '../../theme/theme';
import { browseSearchParams, DEFAULT_BROWSE } from '../items/browseParams';
import { ReferenceMetrics } from './ReferenceMetrics';

/** Who the item is: external id, dataset, kind, source place, metadata and reference metrics. */
export function ItemHeader({ item }: { item: ItemDetail }) {
  const metadata = Object.entries(item.metadata).filter(([, v]) => v !== null && v !== '');
  const datasetLink = `/items?${browseSearchParams({ ...DEFAULT_BROWSE, filter: { datasetId: item.datasetId } })}`;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1" component="h1" sx={{ fontFamily: MONO_FONT, fontSize: '1.3rem', wordBreak: 'break-all' }} data-testid="item-external-id">
          <VisibleName name={item.externalId} />
        </Typography>
        <KindChip kind={item.kind} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
        Dataset{' '}
        <Link component={RouterLink} to={datasetLink} underline="hover" sx={{ fontWeight: 600 }}>
          <VisibleName name={item.dataset} />
        </Link>
        {item.sourceFile && (
          <>
            {' · from '}
            <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
              <VisibleName name={item.sourceFile} />
              {item.sourceLine !== null && `:${item.sourceLine}`}
            </Box>
          </>
        )}
        {' · '}
        <Tooltip title={`Content hash ${item.contentHash}`}>
          <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
            #{item.contentHash.slice(0, 10)}
          </Box>
        </Tooltip>
      </Typography>
      {metadata.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1.5 }} aria-label="Metadata">
          {metadata.map(([key, value]) => (
            <Chip
              key={key}
              size="small"
              variant="outlined"
              label={
                <>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    <VisibleName name={key} />
                  </Box>{' '}
                  <VisibleName name={String(value)} />
                </>
              }
            />
          ))}
        </Box>
      )}
      <ReferenceMetrics metrics={item.metrics} />
    </Paper>
  );
}
