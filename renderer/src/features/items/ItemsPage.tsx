import { Alert, Box, LinearProgress, Paper } from '@mui/material';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../common/PageHeader';
import { plural } from '../../common/format';
import { useDatasets } from '../datasets/useDatasets';
import { isFiltered, itemHref } from './browseParams';
import { ItemFilterBar } from './ItemFilterBar';
import { ItemGrid } from './ItemGrid';
import { useBrowseState } from './useBrowseState';
import { useItemList } from './useItemList';
import { useMetadataFields } from './useMetadataFields';

/** `#/items`: every item of the workspace, filtered and sorted in the database. */
export default function ItemsPage() {
  const browse = useBrowseState();
  const { state } = browse;
  const list = useItemList(state);
  const datasets = useDatasets();
  const fields = useMetadataFields(state.filter.datasetId);
  const navigate = useNavigate();
  const total = list.data?.total ?? 0;
  return (
    <Box sx={{ p: 3, pb: 2, display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <PageHeader
        title="Items"
        summary={list.data ? plural(total, isFiltered(state.filter) ? 'matching item' : 'item') : ' '}
      />
      <ItemFilterBar
        filter={state.filter}
        datasets={datasets.data ?? []}
        metadataFields={fields.data ?? []}
        onPatch={browse.patchFilter}
        onClear={() => browse.setFilter({})}
      />
      {list.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {list.error}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ mt: 2, flex: 1, minHeight: 320, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
        {/* The grid waits for the first count: with none it would clamp a deep-linked page to the first. */}
        {!list.data && list.loading && <LinearProgress aria-label="Loading items" />}
        {list.data && (
        <ItemGrid
          rows={list.data.rows}
          total={total}
          loading={list.loading}
          state={state}
          onSort={browse.setSort}
          onPage={browse.setPage}
          onOpen={(row, index) => navigate(itemHref(row.id, state, state.page * state.pageSize + Math.max(0, index)))}
        />
        )}
      </Paper>
    </Box>
  );
}
