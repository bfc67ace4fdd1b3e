import { Box, Button, Chip } from '@mui/material';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import type { DatasetSummary, ItemFilter } from '../../../../electron/api/contract';
import type { MetadataValue } from '../../api/types';
import { KIND_LABEL } from '../../common/KindChip';
import { humanizeKey } from '../../common/format';
import { isFiltered } from './browseParams';
import { FilterSelect } from './FilterSelect';
import { MetadataFilterButton } from './MetadataFilterButton';
import { SearchField } from './SearchField';

interface Props {
  filter: ItemFilter;
  datasets: DatasetSummary[];
  metadataFields: { key: string; values: MetadataValue[] }[];
  onPatch(patch: Partial<ItemFilter>): void;
  onClear(): void;
}

const SEVERITY_OPTIONS = [
  { value: 'error', label: 'With errors' },
  { value: 'warning', label: 'With errors or warnings' },
  { value: 'info', label: 'With any finding' },
];
const KIND_OPTIONS = (Object.keys(KIND_LABEL) as (keyof typeof KIND_LABEL)[]).map((kind) => ({ value: kind, label: KIND_LABEL[kind] }));

/** Search, dataset, kind, findings and metadata filters above the item grid. */
export function ItemFilterBar({ filter, datasets, metadataFields, onPatch, onClear }: Props) {
  const metadata = Object.entries(filter.metadata ?? {});
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }} role="search" aria-label="Item filters">
      <SearchField value={filter.search ?? ''} onChange={(search) => onPatch({ search })} />
      <FilterSelect
        label="Dataset"
        anyLabel="All datasets"
        value={filter.datasetId === undefined ? '' : String(filter.datasetId)}
        options={datasets.map((d) => ({ value: String(d.id), label: d.name }))}
        onChange={(value) => onPatch({ datasetId: value === '' ? undefined : Number(value) })}
        width={170}
      />
      <FilterSelect
        label="Kind"
        anyLabel="All kinds"
        value={filter.kind ?? ''}
        options={KIND_OPTIONS}
        onChange={(value) => onPatch({ kind: (value || undefined) as ItemFilter['kind'] })}
        width={150}
      />
      <FilterSelect
        label="Findings"
        anyLabel="All items"
        value={filter.severity ?? ''}
        options={SEVERITY_OPTIONS}
        onChange={(value) => onPatch({ severity: (value || undefined) as ItemFilter['severity'] })}
        width={210}
      />
      <MetadataFilterButton fields={metadataFields} onAdd={(key, value) => onPatch({ metadata: { ...filter.metadata, [key]: value } })} />
      {metadata.map(([key, value]) => (
        <Chip
          key={key}
          size="small"
          label={`${humanizeKey(key)} = ${String(value)}`}
          onDelete={() => {
            const { [key]: _removed, ...rest } = filter.metadata ?? {};
            onPatch({ metadata: rest });
          }}
        />
      ))}
      {isFiltered(filter) && (
        <Button size="small" color="inherit" startIcon={<FilterAltOffOutlined />} onClick={onClear} sx={{ color: 'text.secondary' }}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
