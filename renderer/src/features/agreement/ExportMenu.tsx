import { Button, CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useState } from 'react';
import type { ReportFormat } from '../../../../electron/api/contract';

const FORMATS: { format: ReportFormat; label: string; detail: string }[] = [
  { format: 'html', label: 'HTML report', detail: 'Self-contained page with charts and methods' },
  { format: 'md', label: 'Markdown table', detail: 'Ready to paste into a paper' },
  { format: 'csv', label: 'CSV', detail: 'One row per question and tag, with the method columns' },
  { format: 'json', label: 'JSON', detail: 'Every statistic and the units behind them' },
  { format: 'latex', label: 'LaTeX table', detail: 'booktabs tables, methods paragraph and .bib for a paper' },
];

/** "Export report": the five formats of `agreement.export`, each on the current selection. */
export function ExportMenu({ busy, onExport }: { busy: ReportFormat | null; onExport(format: ReportFormat): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <FileDownloadOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy !== null}
        aria-haspopup="menu"
      >
        Export report
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {FORMATS.map(({ format, label, detail }) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onExport(format);
            }}
          >
            <ListItemText primary={label} secondary={detail} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
