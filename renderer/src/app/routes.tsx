import { lazy } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { AppShell } from './AppShell';
import { NotFoundPage } from './NotFoundPage';

// Pages load on first visit, so the data grid's weight is paid only by the item browser.
const DatasetsPage = lazy(() => import('../features/datasets/DatasetsPage'));
const ItemsPage = lazy(() => import('../features/items/ItemsPage'));
const ItemPage = lazy(() => import('../features/item/ItemPage'));
const AnnotationLayout = lazy(() => import('../features/identity/AnnotationLayout'));
const TasksPage = lazy(() => import('../features/tasks/TasksPage'));
const TaskPage = lazy(() => import('../features/tasks/TaskPage'));
const CurationPage = lazy(() => import('../features/curation/CurationPage'));
const SopReviewPage = lazy(() => import('../features/sopReview/SopReviewPage'));
const LabelingPage = lazy(() => import('../features/labeling/LabelingPage'));
const AdjudicationHome = lazy(() => import('../features/adjudication/AdjudicationHome'));
const AdjudicationQueuePage = lazy(() => import('../features/adjudication/AdjudicationQueuePage'));
const AdjudicationItemPage = lazy(() => import('../features/adjudication/AdjudicationItemPage'));
const PeoplePage = lazy(() => import('../features/people/PeoplePage'));
const AgreementTasksPage = lazy(() => import('../features/agreement/AgreementTasksPage'));
const AgreementDashboardPage = lazy(() => import('../features/agreement/AgreementDashboardPage'));
const AgreementRedirect = lazy(() => import('../features/agreement/AgreementRedirect'));
const JudgesPage = lazy(() => import('../features/judges/library/JudgesPage'));
const JudgeRunsPage = lazy(() => import('../features/judges/runs/RunsPage'));
const JudgeRunPage = lazy(() => import('../features/judges/calibration/RunPage'));
const JudgeComparePage = lazy(() => import('../features/judges/compare/ComparePage'));

/**
 * Routes (hash URLs): `#/datasets`, `#/items` (browser state in the query: see
 * features/items/browseParams.ts), `#/items/:id` (plus `?unit=step:3` and the browser state
 * with `at=<position>`). Annotation (who-are-you first): `#/tasks`, `#/tasks/:taskId`,
 * `#/tasks/:taskId/label[/:itemId]` (plus `?unit=step:2`), `#/tasks/:taskId/curation`, `#/tasks/:taskId/sop-review`, `#/adjudication`,
 * `#/adjudication/:taskId`, `#/adjudication/:taskId/items/:itemId`, `#/people` (leads manage annotators). Judges: `#/judges[/:id@version]`,
 * `#/judge-runs` (`?task=`), `#/judge-runs/:runId` (calibration), `#/judge-runs/compare?a=&b=&by=`. New features add their
 * route here and their entry in navigation.ts.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      // Redirected by the router as it starts, not by an element's effect after a render: on a
      // team server the shell renders its routes only once an invite is exchanged, and an effect
      // then could replace a route the user had already gone to.
      { index: true, loader: () => redirect('/datasets') },
      { path: 'datasets', element: <DatasetsPage /> },
      { path: 'items', element: <ItemsPage /> },
      { path: 'items/:id', element: <ItemPage /> },
      {
        element: <AnnotationLayout />,
        children: [
          { path: 'tasks', element: <TasksPage /> },
          { path: 'tasks/:taskId', element: <TaskPage /> },
          { path: 'tasks/:taskId/label/:itemId?', element: <LabelingPage /> },
          { path: 'tasks/:taskId/curation', element: <CurationPage /> },
          { path: 'tasks/:taskId/sop-review', element: <SopReviewPage /> },
          { path: 'adjudication', element: <AdjudicationHome /> },
          { path: 'adjudication/:taskId', element: <AdjudicationQueuePage /> },
          { path: 'adjudication/:taskId/items/:itemId', element: <AdjudicationItemPage /> },
          { path: 'people', element: <PeoplePage /> },
        ],
      },
      { path: 'judges/:key?', element: <JudgesPage /> },
      { path: 'judge-runs', element: <JudgeRunsPage /> },
      { path: 'judge-runs/compare', element: <JudgeComparePage /> },
      { path: 'judge-runs/:runId', element: <JudgeRunPage /> },
      { path: 'agreement', element: <AgreementTasksPage /> },
      { path: 'agreement/:taskId/:question?', element: <AgreementDashboardPage /> },
      { path: 'tasks/:taskId/agreement', element: <AgreementRedirect /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
