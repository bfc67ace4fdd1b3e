import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useState } from 'react';
import type { TaskDetail } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { saveTextFile } from '../../common/download';

/** "Export gold": the task's gold labels as CSV or JSONL, with source, adjudicator, note, time and the edit log. */
export function GoldExportButton({ task, onError }: { task: TaskDetail; onError(message: string): void }) {
  const api = useApi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = async (format: 'csv' | 'jsonl') => {
    setAnchor(null);
    try {
      const file = await api['gold.export']({ task: task.id, format });
      saveTextFile(file.fileName, file.content, format === 'csv' ? 'text/csv' : 'application/x-ndjson');
    } catch (e) {
      onError(messageOf(e));
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" disabled={task.goldCount === 0} title={task.goldCount === 0 ? 'No gold labels yet' : undefined}>
        Export gold
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download('csv')}>
          <ListItemText primary="CSV" secondary="one row per gold label, its edit log in the last columns" />
        </MenuItem>
        <MenuItem onClick={() => void download('jsonl')}>
          <ListItemText primary="JSONL" secondary="one record per gold label, its edits as a list" />
        </MenuItem>
      </Menu>
    </>
  );
}
