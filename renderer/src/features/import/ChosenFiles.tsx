import { IconButton, List, ListItem, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { formatBytes } from '../../common/format';

/** The files about to be imported, each removable. */
export function ChosenFiles({ files, onRemove }: { files: File[]; onRemove(index: number): void }) {
  if (files.length === 0) return null;
  return (
    <List dense aria-label="Files to import" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0, maxHeight: 220, overflow: 'auto' }}>
      {files.map((file, index) => (
        <ListItem
          key={`${file.name}-${file.size}-${file.lastModified}`}
          divider={index < files.length - 1}
          secondaryAction={
            <Tooltip title="Remove">
              <IconButton edge="end" size="small" aria-label={`Remove ${file.name}`} onClick={() => onRemove(index)}>
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          }
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            <InsertDriveFileOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={file.name} secondary={formatBytes(file.size)} slotProps={{ primary: { noWrap: true } }} />
        </ListItem>
      ))}
    </List>
  );
}
