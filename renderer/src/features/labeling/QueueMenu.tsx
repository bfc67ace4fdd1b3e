import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import RedoOutlined from '@mui/icons-material/RedoOutlined';
import TimelapseOutlined from '@mui/icons-material/TimelapseOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Queue, QueueStatus } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';
import { MONO_FONT } from '../../theme/theme';

const STATUS_ICON: Record<QueueStatus, { icon: typeof CheckCircleOutlined; color: string; label: string }> = {
  submitted: { icon: CheckCircleOutlined, color: 'success.main', label: 'submitted' },
  started: { icon: TimelapseOutlined, color: 'primary.main', label: 'started' },
  skipped: { icon: RedoOutlined, color: 'warning.main', label: 'skipped' },
  todo: { icon: RadioButtonUncheckedOutlined, color: 'text.disabled', label: 'to do' },
};

/** "5 of 40": where this item sits in the annotator's queue; opens the whole queue to jump anywhere. */
export function QueueMenu({ queue, itemId, taskId }: { queue: Queue; itemId: number; taskId: number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const at = queue.entries.findIndex((e) => e.itemId === itemId);
  return (
    <>
      <Button size="small" color="inherit" endIcon={<ExpandMoreOutlined />} onClick={(e) => setAnchor(e.currentTarget)} sx={{ color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="queue-position">
        {at >= 0 ? `${formatCount(at + 1)} of ${formatCount(queue.entries.length)}` : 'Not in your queue'}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420, minWidth: 260 } } }}>
        {queue.entries.map((entry) => {
          const status = STATUS_ICON[entry.status];
          const Icon = status.icon;
          return (
            <MenuItem
              key={entry.itemId}
              dense
              selected={entry.itemId === itemId}
              onClick={() => {
                setAnchor(null);
                navigate(`/tasks/${taskId}/label/${entry.itemId}`);
              }}
            >
              <ListItemIcon>
                <Icon sx={{ fontSize: 17, color: status.color }} titleAccess={status.label} />
              </ListItemIcon>
              <ListItemText primary={<Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>{entry.externalId}</Box>} />
              <Typography variant="caption" color="text.secondary" sx={{ ml: 2 }}>
                {entry.position + 1}
              </Typography>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
