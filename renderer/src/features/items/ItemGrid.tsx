import { DataGrid, type GridSortModel } from '@mui/x-data-grid';
import { useContext, useMemo } from 'react';
import { IdentityContext } from '../identity/identityContext';
import type { ItemRow } from '../../../../electron/api/contract';
import { PAGE_SIZES, type BrowseState, type ItemSortKey } from './browseParams';
import { itemColumns } from './itemColumns';

interface Props {
  rows: ItemRow[];
  total: number;
  loading: boolean;
  state: BrowseState;
  onSort(sort: ItemSortKey, descending: boolean): void;
  onPage(page: number, pageSize: number): void;
  /** Opens the row at `index` of the current page. */
  onOpen(row: ItemRow, index: number): void;
}

/**
 * The item grid: the database pages, sorts and filters (server mode); the grid virtualises
 * the rows of one page. It never holds more than one page, however large the workspace.
 */
export function ItemGrid({ rows, total, loading, state, onSort, onPage, onOpen }: Props) {
  // The reference column holds automatic scores (tiers, Tool Call Accuracy): annotators label
  // without them (issue 13). Anyone else keeps the column, a row of a task that hides them
  // saying "hidden" (the column came and went with the rows of the page shown).
  const role = useContext(IdentityContext)?.identity?.role;
  const showReference = role !== 'annotator';
  const columnVisibilityModel = useMemo(() => ({ headline: showReference }), [showReference]);
  const sortModel = useMemo<GridSortModel>(
    () => (state.sort === 'id' ? [] : [{ field: state.sort, sort: state.descending ? 'desc' : 'asc' }]),
    [state.sort, state.descending],
  );
  const paginationModel = useMemo(() => ({ page: state.page, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const open = (row: ItemRow) => onOpen(row, rows.findIndex((r) => r.id === row.id));
  return (
    <DataGrid
      aria-label="Items"
      rows={rows}
      columns={itemColumns}
      columnVisibilityModel={columnVisibilityModel}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => onPage(model.page, model.pageSize)}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      sortingOrder={['asc', 'desc', null]}
      onSortModelChange={(model) => {
        const first = model[0];
        if (!first?.sort) onSort('id', false);
        else onSort(first.field as ItemSortKey, first.sort === 'desc');
      }}
      onRowClick={({ row }) => open(row)}
      onCellKeyDown={({ row }, event) => {
        if (event.key === 'Enter') open(row);
      }}
      disableColumnFilter
      disableColumnMenu
      disableRowSelectionOnClick
      rowHeight={44}
      columnHeaderHeight={42}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      sx={{
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        // Keyboard focus stays visible; a mouse click (which opens the item anyway) draws no box.
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible': {
          outline: '2px solid',
          outlineColor: 'primary.main',
          outlineOffset: -2,
        },
      }}
    />
  );
}
