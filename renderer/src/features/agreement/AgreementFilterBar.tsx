import { Box, Button, Chip, FormControlLabel, Switch } from '@mui/material';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import type { DatasetSummary, ItemFilter } from '../../../../electron/api/contract';
import type { MetadataValue } from '../../api/types';
import { humanizeKey } from '../../common/format';
import { FilterSelect } from '../items/FilterSelect';
import { MetadataFilterButton } from '../items/MetadataFilterButton';

interface Props {
  filter: ItemFilter;
  includeJudges: boolean;
  datasets: DatasetSummary[];
  metadataFields: { key: string; values: MetadataValue[] }[];
  onFilter(filter: ItemFilter): void;
  onIncludeJudges(include: boolean): void;
}

/**
 * Recompute on a selection: the task's items of one dataset, or with given metadata (model,
 * domain, scenario type, …) — the item browser's filter — and whether judge runs count as raters.
 */
export function AgreementFilterBar({ filter, includeJudges, datasets, metadataFields, onFilter, onIncludeJudges }: Props) {
  const metadata = Object.entries(filter.metadata ?? {});
  const filtered = filter.datasetId !== undefined || metadata.length > 0 || Boolean(filter.search) || Boolean(filter.kind) || Boolean(filter.severity);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }} role="search" aria-label="Agreement selection">
      <FilterSelect
        label="Dataset"
        anyLabel="All datasets"
        value={filter.datasetId === undefined ? '' : String(filter.datasetId)}
        options={datasets.map((d) => ({ value: String(d.id), label: d.name }))}
        onChange={(value) => onFilter({ ...filter, datasetId: value === '' ? undefined : Number(value) })}
        width={190}
      />
      <MetadataFilterButton fields={metadataFields} onAdd={(key, value) => onFilter({ ...filter, metadata: { ...filter.metadata, [key]: value } })} />
      {metadata.map(([key, value]) => (
        <Chip
          key={key}
          size="small"
          label={`${humanizeKey(key)} = ${String(value)}`}
          onDelete={() => {
            const { [key]: _removed, ...rest } = filter.metadata ?? {};
            onFilter({ ...filter, metadata: rest });
          }}
        />
      ))}
      {filtered && (
        <Button size="small" color="inherit" startIcon={<FilterAltOffOutlined />} onClick={() => onFilter({})} sx={{ color: 'text.secondary' }}>
          All items
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      <FormControlLabel
        control={<Switch size="small" checked={includeJudges} onChange={(event) => onIncludeJudges(event.target.checked)} />}
        label="Include LLM judges as raters"
        slotProps={{ typography: { variant: 'body2', color: 'text.secondary' } }}
      />
    </Box>
  );
}
