import { Box, IconButton, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { useIdentity } from '../identity/identityContext';
import { Link as RouterLink } from 'react-router';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { KindChip } from '../../common/KindChip';
import { formatCount, formatDateTime } from '../../common/format';
import { MONO_FONT } from '../../theme/theme';
import { browseSearchParams, DEFAULT_BROWSE } from '../items/browseParams';
import { VisibleName } from '../../common/VisibleName';
import { visibleText } from '../../../../electron/common/visibleText';

interface Props {
  datasets: DatasetSummary[];
  onDelete(dataset: DatasetSummary): void;
}

/** Datasets with their counts and the files they were imported from. */
export function DatasetTable({ datasets, onDelete }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Datasets">
        <TableHead>
          <TableRow>
            <TableCell>Dataset</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell align="right">Items</TableCell>
            <TableCell align="right">With errors</TableCell>
            <TableCell align="right">With warnings</TableCell>
            <TableCell>Imported files</TableCell>
            <TableCell align="right" sx={{ width: 56 }} aria-label="Actions" />
          </TableRow>
        </TableHead>
        <TableBody>
          {datasets.map((dataset) => (
            <DatasetRow key={dataset.id} dataset={dataset} onDelete={onDelete} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function itemsLink(datasetId: number, severity?: 'error'): string {
  const params = browseSearchParams({ ...DEFAULT_BROWSE, filter: { datasetId, severity } });
  return `/items?${params}`;
}

function DatasetRow({ dataset, onDelete }: { dataset: DatasetSummary; onDelete(dataset: DatasetSummary): void }) {
  return (
    <TableRow hover data-testid="dataset-row" sx={{ verticalAlign: 'top', '& > td': { py: 1.25 } }}>
      <TableCell>
        <Link component={RouterLink} to={itemsLink(dataset.id)} underline="hover" sx={{ fontWeight: 600 }}>
          <VisibleName name={dataset.name} />
        </Link>
      </TableCell>
      <TableCell>
        <KindChip kind={dataset.kind} />
      </TableCell>
      <TableCell align="right">{formatCount(dataset.itemCount)}</TableCell>
      <TableCell align="right">
        <CountLink count={dataset.itemsWithErrors} to={itemsLink(dataset.id, 'error')} color="error.main" />
      </TableCell>
      <TableCell align="right">
        {/* Not a link: the browser's nearest filter ("errors or warnings") would list more items than this count. */}
        <CountLink count={dataset.itemsWithWarnings} to={null} color="warning.main" />
      </TableCell>
      <TableCell>
        {dataset.files.map((file, index) => (
          <Box key={`${file.fileName}-${index}`} sx={{ '& + &': { mt: 0.75 } }}>
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
              <VisibleName name={file.fileName} />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {file.format} · {formatCount(file.itemCount)} imported
              {file.skippedCount > 0 && `, ${formatCount(file.skippedCount)} skipped`} · {formatDateTime(file.importedAt)}
            </Typography>
          </Box>
        ))}
      </TableCell>
      <TableCell align="right">
        <DeleteButton dataset={dataset} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

/** Deleting a dataset is a lead's (the server refuses anyone else); others see why the button is off. */
function DeleteButton({ dataset, onDelete }: { dataset: DatasetSummary; onDelete(dataset: DatasetSummary): void }) {
  const isLead = useIdentity().identity?.role === 'lead';
  return (
    <Tooltip title={isLead ? 'Delete dataset' : 'Only a lead can delete a dataset'}>
      {/* A span, so the tooltip still shows over a disabled button. */}
      <span>
        <IconButton size="small" aria-label={`Delete dataset ${visibleText(dataset.name)}`} disabled={!isLead} onClick={() => onDelete(dataset)}>
          <DeleteOutlineOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A count that opens the matching items (when `to` is given); zero is shown quietly. */
function CountLink({ count, to, color }: { count: number; to: string | null; color: string }) {
  if (count === 0) return <Typography variant="body2" sx={{ color: 'text.disabled' }}>0</Typography>;
  if (to === null) return <Typography variant="body2" sx={{ color, fontWeight: 600 }}>{formatCount(count)}</Typography>;
  return (
    <Link component={RouterLink} to={to} underline="hover" sx={{ color, fontWeight: 600 }}>
      {formatCount(count)}
    </Link>
  );
}
