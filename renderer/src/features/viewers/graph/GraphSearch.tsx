import SearchRounded from '@mui/icons-material/SearchRounded';
import { Autocomplete, Box, InputAdornment, TextField, Typography } from '@mui/material';
import { forwardRef, useMemo, useState } from 'react';
import type { NodeView } from './graphView';
import { searchNodes, type NodeHit } from './nodeSearch';

/**
 * "Find a node" in the toolbar: by id or title; choosing one selects it and centres it at a
 * readable zoom. The field gives the keyboard back once a node is chosen (or on Esc), so the
 * page's keys work again.
 */
export const GraphSearch = forwardRef<HTMLInputElement, { nodes: readonly NodeView[]; onFind(id: string): void }>(function GraphSearch({ nodes, onFind }, ref) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => searchNodes(nodes, query), [nodes, query]);
  return (
    <Autocomplete<NodeHit, false, false, false>
      size="small"
      options={options}
      filterOptions={(o) => o}
      value={null}
      inputValue={query}
      onInputChange={(_e, text, reason) => reason !== 'reset' && setQuery(text)}
      onChange={(event, hit) => {
        if (!hit) return;
        setQuery('');
        onFind(hit.id);
        (event.target as HTMLElement | null)?.closest('.MuiAutocomplete-root')?.querySelector('input')?.blur();
      }}
      getOptionLabel={(hit) => hit.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No node has this id or title"
      autoHighlight
      blurOnSelect
      clearOnEscape
      sx={{ width: 220 }}
      renderOption={({ key, ...props }, hit) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography component="span" variant="body2" sx={{ fontFamily: 'var(--sop-mono)', fontWeight: 600, flexShrink: 0 }}>
            {hit.id}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" noWrap>
            {hit.title}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={ref}
          placeholder="Find a node  /"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Find a node', 'data-testid': 'graph-search' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start" sx={{ mr: 0 }}>
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ '& .MuiInputBase-root': { py: 0, fontSize: 13 } }}
        />
      )}
    />
  );
});
