import { Box, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ItemRow } from '../../../../electron/api/contract';
import { FindingCounts } from '../../common/FindingCounts';
import { KindChip } from '../../common/KindChip';
import { VisibleName } from '../../common/VisibleName';
import { visibleText } from '../../../../electron/common/visibleText';
import { scoringModeLabel } from '../../../../electron/common/scoringModes';
import { MONO_FONT } from '../../theme/theme';
import { metadataSummary } from './metadataSummary';

/**
 * Columns of the item browser. Only columns the database can order by are sortable (their
 * `field` is an `items.list` sort key); the rest are display-only.
 */
export const itemColumns: GridColDef<ItemRow>[] = [
  {
    field: 'externalId',
    headerName: 'ID',
    flex: 1.4,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Typography variant="body2" noWrap sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 500 }} title={visibleText(row.externalId)}>
        <VisibleName name={row.externalId} />
      </Typography>
    ),
  },
  {
    field: 'dataset',
    headerName: 'Dataset',
    flex: 0.9,
    minWidth: 160,
    renderCell: ({ row }) => (
      <Typography variant="body2" noWrap title={visibleText(row.dataset)}>
        <VisibleName name={row.dataset} />
      </Typography>
    ),
  },
  { field: 'kind', headerName: 'Kind', width: 140, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
  {
    field: 'metadata',
    headerName: 'Metadata',
    flex: 2.1,
    minWidth: 220,
    sortable: false,
    renderCell: ({ row }) => <MetadataCell metadata={row.metadata} />,
  },
  {
    field: 'headline',
    headerName: 'Reference',
    // The longest plan tier, "Extremely Good", whole.
    width: 150,
    sortable: false,
    description:
      'Headline reference metric: the plan tier against its gold plan, or Tool Call Accuracy against the expected trace (counting state-changing calls only where the dataset says its gold lists only those).',
    renderCell: ({ row }) => <HeadlineCell headline={row.headline} hidden={row.scoresHidden === true} />,
  },
  {
    field: 'findings',
    headerName: 'Findings',
    // Three severity chips. With every column at its least width the grid fits a 1280-px window
    // (an ID of at least 220 and findings 170 wide hid the findings 38 px past its edge).
    width: 142,
    renderCell: ({ row }) => <FindingCounts errorCount={row.errorCount} warningCount={row.warningCount} infoCount={row.infoCount} />,
  },
];

/** The reference figure; a scoring mode it names (`TCA 1.00 · state-changing`) under it in small type, so the column keeps its width. */
function HeadlineCell({ headline, hidden }: { headline: string | null; hidden: boolean }) {
  if (hidden) {
    return (
      <Typography variant="body2" color="text.disabled" data-testid="headline-hidden" title="A task labels this item without its automatic scores; adjudicators and leads see them">
        hidden
      </Typography>
    );
  }
  if (headline === null) {
    return (
      <Typography variant="body2" color="text.disabled">
        —
      </Typography>
    );
  }
  const [figure, mode] = headline.split(' · ');
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.2 }} title={mode ? `${figure}: ${scoringModeLabel(mode)}` : undefined}>
      <Typography variant="body2" noWrap data-testid="headline-figure" sx={{ lineHeight: 1.3 }}>
        {figure}
      </Typography>
      {mode && (
        <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="headline-mode" sx={{ lineHeight: 1.2 }}>
          {mode}
        </Typography>
      )}
    </Box>
  );
}

function MetadataCell({ metadata }: { metadata: ItemRow['metadata'] }) {
  const shown = metadataSummary(metadata);
  if (shown.length === 0) return <Typography variant="body2" color="text.disabled">—</Typography>;
  const all = metadataSummary(metadata, Infinity);
  return (
    <Tooltip title={<Box component="span" sx={{ whiteSpace: 'pre-line' }}>{all.map(([k, v]) => visibleText(`${k}: ${v}`)).join('\n')}</Box>} placement="bottom-start">
      <Typography variant="body2" noWrap>
        {shown.map(([key, value], i) => (
          <Box component="span" key={key}>
            {i > 0 && <Box component="span" sx={{ color: 'text.disabled', mx: 0.75 }}>·</Box>}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              <VisibleName name={key} />{' '}
            </Box>
            <VisibleName name={String(value)} />
          </Box>
        ))}
      </Typography>
    </Tooltip>
  );
}
