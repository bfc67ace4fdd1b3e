import { Box, Button, Checkbox, Chip, FormControl, FormControlLabel, InputLabel, ListItemText, MenuItem, Select, Switch } from '@mui/material';
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
  /** Every judge run there is to compare (`judge:…`), and those chosen (null: all). */
  judgeRaters?: string[];
  judges?: string[] | null;
  onJudges?(judges: string[] | null): void;
}

/**
 * Recompute on a selection: the task's items of one dataset, or with given metadata (model,
 * domain, scenario type, …) — the item browser's filter — and whether judge runs count as raters.
 */
export function AgreementFilterBar({ filter, includeJudges, datasets, metadataFields, onFilter, onIncludeJudges, judgeRaters = [], judges = null, onJudges }: Props) {
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
      {includeJudges && judgeRaters.length > 1 && onJudges && (
        <JudgeRunPicker judgeRaters={judgeRaters} judges={judges} onJudges={onJudges} />
      )}
    </Box>
  );
}

/**
 * Which judge runs count as raters (every one by default): one good judge beside the annotators
 * says something, every run on the task at once (random and constant judges too) mostly drags
 * the figure down. At least one stays chosen; choosing all of them again is "all".
 */
function JudgeRunPicker({ judgeRaters, judges, onJudges }: { judgeRaters: string[]; judges: string[] | null; onJudges(judges: string[] | null): void }) {
  const chosen = judges === null ? judgeRaters : judgeRaters.filter((name) => judges.includes(name));
  return (
    <FormControl size="small" sx={{ width: 300 }}>
      <InputLabel id="judge-runs-label">Judge runs</InputLabel>
      <Select
        labelId="judge-runs-label"
        label="Judge runs"
        multiple
        value={chosen}
        onChange={(event) => {
          const value = typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value;
          if (value.length === 0) return;
          onJudges(value.length === judgeRaters.length ? null : judgeRaters.filter((name) => value.includes(name)));
        }}
        renderValue={(selected) => (
          <span title={selected.join('\n')}>
            {selected.length === judgeRaters.length ? `All ${judgeRaters.length} judge runs` : selected.length === 1 ? selected[0] : `${selected.length} of ${judgeRaters.length} judge runs`}
          </span>
        )}
        inputProps={{ 'data-testid': 'judge-runs' }}
      >
        {judgeRaters.map((name) => (
          <MenuItem key={name} value={name} dense>
            <Checkbox size="small" checked={chosen.includes(name)} />
            <ListItemText primary={name} slotProps={{ primary: { variant: 'body2' } }} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
