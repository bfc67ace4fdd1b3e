import { Box, Tooltip, Typography } from '@mui/material';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import { plural } from '../../common/format';
import { useWorkspaceInfo } from './useWorkspaceInfo';

/** The open workspace's name in the top bar; the full path and counts on hover. */
export function WorkspaceBadge() {
  const { data, name } = useWorkspaceInfo();
  if (!data || !name) return null;
  return (
    <Tooltip title={data.path}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} data-testid="workspace-name">
        <FolderOpenOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', md: 'block' } }}>
          {plural(data.datasets, 'dataset')} · {plural(data.items, 'item')}
        </Typography>
      </Box>
    </Tooltip>
  );
}
