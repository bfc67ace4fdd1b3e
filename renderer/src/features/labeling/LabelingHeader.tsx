import { Box, Button, Chip, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import RedoOutlined from '@mui/icons-material/RedoOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ItemDetail, Queue, TaskDetail } from '../../../../electron/api/contract';
import { KindChip } from '../../common/KindChip';
import { MONO_FONT } from '../../theme/theme';
import { ProgressBar } from '../tasks/ProgressBar';
import { KeyCap } from './KeyCap';
import { QueueMenu } from './QueueMenu';
import { SaveStatus } from './SaveStatus';
import type { LabelingScreenState } from './useLabelingScreen';
import { formatCount } from '../../common/format';
import { VisibleName } from '../../common/VisibleName';

/** Below this window width the header keeps only what labeling needs. */
const NARROW = '@media (max-width: 1399.95px)';

const STATUS_CHIP = {
  submitted: { label: 'Submitted', color: 'success' },
  skipped: { label: 'Skipped', color: 'warning' },
  started: { label: 'In progress', color: 'default' },
  todo: { label: 'To do', color: 'default' },
} as const;

/** The strip above the screen: which task and item, where in the queue, whether it is saved, and the moves (with their keys). */
export function LabelingHeader({ task, item, queue, screen }: { task: TaskDetail; item: ItemDetail; queue: Queue | undefined; screen: LabelingScreenState }) {
  const entry = queue?.entries.find((e) => e.itemId === item.id);
  const chip = entry ? STATUS_CHIP[entry.status] : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, py: 0.75, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 48, flexWrap: 'nowrap' }}>
      <Tooltip title={`Back to ${task.name}`}>
        <IconButton size="small" component={RouterLink} to={`/tasks/${task.id}`} aria-label={`Back to task ${task.name}`}>
          <ArrowBackOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 1 }}>
        {/* The task's name gives way first on a narrow window; the back button names it too. */}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', [NARROW]: { display: 'none' } }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 200 }}>
            <VisibleName name={task.name} />
          </Typography>
          <Typography variant="body2" color="text.disabled">
            /
          </Typography>
        </Box>
        <Typography component="h1" sx={{ fontFamily: MONO_FONT, fontSize: 15, fontWeight: 600 }} noWrap data-testid="labeling-item-id">
          {item.externalId}
        </Typography>
      </Box>
      <KindChip kind={item.kind} />
      {chip && <Chip size="small" label={chip.label} color={chip.color} variant={entry?.status === 'submitted' ? 'filled' : 'outlined'} data-testid="item-status" sx={entry?.status === 'submitted' ? { bgcolor: 'success.light', color: 'success.main' } : undefined} />}
      <Box sx={{ flex: 1 }} />
      <SaveStatus status={screen.session.status} />
      <Divider orientation="vertical" flexItem sx={{ my: 0.5 }} />
      {queue && (
        <>
          <QueueMenu queue={queue} itemId={item.id} taskId={task.id} />
          <Box sx={{ [NARROW]: { display: 'none' } }}>
            {/* "N submitted", not "N/M": beside the queue position ("2 of 5") a fraction reads as a contradiction. */}
            <ProgressBar progress={queue.progress} width={90} label="Your progress" caption={`${formatCount(queue.progress.submitted)} submitted`} />
          </Box>
        </>
      )}
      <Divider orientation="vertical" flexItem sx={{ my: 0.5 }} />
      <KeyedButton title="Undo the last change on this item" label="Undo" k="u" icon={<UndoOutlined fontSize="small" />} onClick={() => void screen.actions.undo()} />
      <KeyedButton title="Previous item" label="Previous item" k="k" icon={<ChevronLeftOutlined fontSize="small" />} onClick={() => void screen.actions.previous()} disabled={screen.busy} />
      <KeyedButton title="Skip for now; it comes back after the others" label="Skip item" k="s" icon={<RedoOutlined fontSize="small" />} onClick={() => void screen.actions.skip()} disabled={screen.busy} />
      <KeyedButton title="Next item to label" label="Next item" k="j" icon={<ChevronRightOutlined fontSize="small" />} onClick={() => void screen.actions.next()} disabled={screen.busy} />
      <Tooltip title="Keyboard (?)">
        <Button size="small" color="inherit" startIcon={<KeyboardOutlined />} onClick={() => screen.setCheatSheet(true)} sx={{ color: 'text.secondary', minWidth: 0 }} aria-label="Keyboard shortcuts (?)">
          ?
        </Button>
      </Tooltip>
    </Box>
  );
}

/** A move of the header with its key on it (the key the cheat sheet lists for it). */
function KeyedButton({ title, label, k, icon, onClick, disabled = false }: { title: string; label: string; k: string; icon: ReactNode; onClick(): void; disabled?: boolean }) {
  return (
    <Tooltip title={`${title} (${k})`}>
      <span>
        <IconButton size="small" aria-label={`${label} (${k})`} onClick={onClick} disabled={disabled} sx={{ borderRadius: 1, gap: 0.25, px: 0.5 }}>
          {icon}
          <KeyCap k={k} dim />
        </IconButton>
      </span>
    </Tooltip>
  );
}
