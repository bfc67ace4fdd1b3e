import { IconButton, List, ListItem, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { formatBytes } from '../../common/format';
import type { ChosenFile } from './chosenFiles';

/** The files about to be imported, each removable; a chosen folder's files say which folder (their dataset). */
export function ChosenFiles({ files, onRemove }: { files: ChosenFile[]; onRemove(index: number): void }) {
  if (files.length === 0) return null;
  return (
    <List dense aria-label="Files to import" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0, maxHeight: 220, overflow: 'auto' }}>
      {files.map(({ file, folder }, index) => (
        <ListItem
          key={`${folder ?? ''}/${file.name}-${file.size}-${file.lastModified}`}
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
          <ListItemText
            primary={folder === undefined ? file.name : `${folder}/${file.name}`}
            secondary={folder === undefined ? formatBytes(file.size) : `${formatBytes(file.size)} · from the folder “${folder}”`}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
