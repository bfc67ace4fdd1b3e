import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useState } from 'react';
import type { CurationCounts } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { saveTextFile } from '../../common/download';
import { plural } from '../../common/format';
import { kindNoun } from './kindNoun';

interface Props {
  taskId: number;
  question: string;
  valid: string;
  counts: CurationCounts[];
  onError(message: string): void;
}

/**
 * "Export": the kept items of one kind as a file, in the shape they were imported in —
 * flowgraphs as a line-format file of `# graph: <id>` blocks, conversations one record a line.
 */
export function CurationExportButton({ taskId, question, valid, counts, onError }: Props) {
  const api = useApi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const kinds = counts.filter((c) => c.kept > 0);
  const download = async (kind: CurationCounts['kind']) => {
    setAnchor(null);
    try {
      const { files } = await api['curation.export']({ task: taskId, question, valid });
      const file = files.find((f) => f.kind === kind);
      if (file) saveTextFile(file.fileName, file.text, file.fileName.endsWith('.txt') ? 'text/plain' : 'application/x-ndjson');
    } catch (e) {
      onError(messageOf(e));
    }
  };
  return (
    <>
      <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" disabled={kinds.length === 0} title={kinds.length === 0 ? 'Nothing is kept' : undefined}>
        Export kept items
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {kinds.map((c) => (
          <MenuItem key={c.kind} onClick={() => void download(c.kind)}>
            <ListItemText
              primary={`${kindNoun(c.kind, 2)} (${plural(c.kept, 'item')})`}
              secondary={c.kind === 'graph' ? 'line format, one “# graph: <id>” block each' : 'JSONL, each record as it was imported'}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
