import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import type { ItemRow } from '../../../../../electron/api/contract';
import { useApi } from '../../../api/apiContext';
import { MONO_FONT } from '../../../theme/theme';

interface Props {
  /** Datasets the task's items come from. */
  datasets: string[];
  kind: ItemRow['kind'] | undefined;
  value: ItemRow | null;
  onChange(item: ItemRow | null): void;
}

/** Picks an item of a task's datasets by searching its id or metadata as you type. */
export function ItemPicker({ datasets, kind, value, onChange }: Props) {
  const api = useApi();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<ItemRow[]>([]);
  const datasetKey = datasets.join('\n');

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api['items.list']({ search: search.trim() || undefined, kind, limit: 50 }).then(
        (page) => current && setOptions(page.rows.filter((row) => datasetKey.split('\n').includes(row.dataset))),
        () => current && setOptions([]),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, search, kind, datasetKey]);

  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      onChange={(_e, item) => onChange(item)}
      onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
      getOptionLabel={(item) => item.externalId}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      renderOption={({ key, ...props }, item) => (
        <li key={key} {...props}>
          <span style={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>{item.externalId}</span>
          <span style={{ marginLeft: 'auto', paddingLeft: 12, color: '#5b6878', fontSize: 12 }}>{item.dataset}</span>
        </li>
      )}
      renderInput={(params) => <TextField {...params} size="small" label="Item" placeholder="The task’s first item" slotProps={{ inputLabel: { shrink: true } }} />}
      sx={{ width: 320 }}
    />
  );
}
