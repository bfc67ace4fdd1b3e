import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppShell } from './AppShell';
import { NotFoundPage } from './NotFoundPage';

// Pages load on first visit, so the data grid's weight is paid only by the item browser.
const DatasetsPage = lazy(() => import('../features/datasets/DatasetsPage'));
const ItemsPage = lazy(() => import('../features/items/ItemsPage'));
const ItemPage = lazy(() => import('../features/item/ItemPage'));

/**
 * Routes (hash URLs): `#/datasets`, `#/items` (browser state in the query: see
 * features/items/browseParams.ts), `#/items/:id` (plus `?unit=step:3` and the browser state
 * with `at=<position>`). New features add their route here and their entry in navigation.ts.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Navigate to="/datasets" replace /> },
      { path: 'datasets', element: <DatasetsPage /> },
      { path: 'items', element: <ItemsPage /> },
      { path: 'items/:id', element: <ItemPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
