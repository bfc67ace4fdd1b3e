import { Chip } from '@mui/material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import type { ItemRow } from '../../../electron/api/contract';

type Kind = ItemRow['kind'];

/** How each artifact kind is named and drawn everywhere. */
export const KIND_LABEL: Record<Kind, string> = { graph: 'SOP graph', plan: 'Plan', conversation: 'Conversation' };
const KIND_ICON = { graph: AccountTreeOutlined, plan: ChecklistOutlined, conversation: ForumOutlined } as const;

/** The artifact kind as a quiet outlined chip with its icon. */
export function KindChip({ kind }: { kind: Kind }) {
  const Icon = KIND_ICON[kind];
  return <Chip size="small" variant="outlined" icon={<Icon sx={{ fontSize: 16 }} />} label={KIND_LABEL[kind]} sx={{ color: 'text.secondary' }} />;
}
