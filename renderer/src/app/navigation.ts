import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';

/** One entry of the left navigation. */
export interface NavEntry {
  label: string;
  /** Route path; the entry is highlighted on it and on every path below it. */
  path: string;
  icon: SvgIconComponent;
  /** The screen shows every rater's labels: marked locked for annotators (the screen says why). */
  adjudicatorsOnly?: boolean;
}

/** A titled group of entries. */
export interface NavSection {
  title: string;
  entries: NavEntry[];
}

/**
 * The left navigation. Only screens that exist are listed: when Tasks and Adjudication
 * (annotation), Agreement and Judges (analysis) get their pages, they add a section here, e.g.
 * `{ title: 'Annotation', entries: [{ label: 'Tasks', path: '/tasks', icon: … }] }`, and a
 * route in routes.tsx.
 */
export const navigation: NavSection[] = [
  {
    title: 'Data',
    entries: [
      { label: 'Datasets', path: '/datasets', icon: DatasetOutlined },
      { label: 'Items', path: '/items', icon: ViewListOutlined },
    ],
  },
  {
    title: 'Annotation',
    entries: [
      { label: 'Tasks', path: '/tasks', icon: AssignmentOutlined },
      { label: 'Adjudication', path: '/adjudication', icon: GavelOutlined, adjudicatorsOnly: true },
      { label: 'People', path: '/people', icon: PeopleOutlined },
    ],
  },
  {
    title: 'Judges',
    entries: [
      { label: 'Judges', path: '/judges', icon: PsychologyOutlined },
      { label: 'Judge runs', path: '/judge-runs', icon: QueryStatsOutlined, adjudicatorsOnly: true },
    ],
  },
  {
    title: 'Agreement',
    entries: [{ label: 'Agreement', path: '/agreement', icon: InsightsOutlined, adjudicatorsOnly: true }],
  },
];
