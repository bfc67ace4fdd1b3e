import { InputAdornment, TextField } from '@mui/material';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useSearchDraft } from './useSearchDraft';

/** Searches external ids and metadata values as you type (debounced). */
export function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const [draft, setDraft] = useSearchDraft(value, onChange);
  return (
    <TextField
      size="small"
      placeholder="Search id or metadata"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      sx={{ width: 250 }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search items', maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
