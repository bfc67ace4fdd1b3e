import { Box, Button, Typography } from '@mui/material';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useId, useState, type DragEvent } from 'react';

/** Drop files here, or pick them; several at once. */
export function FileDropZone({ onFiles }: { onFiles(files: File[]): void }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      data-testid="import-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: '1.5px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'primary.light' : '#fafbfc',
        borderRadius: 2,
        py: 4,
        px: 3,
        textAlign: 'center',
        transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      <CloudUploadOutlined sx={{ fontSize: 36, color: over ? 'primary.main' : 'text.secondary', mb: 1 }} />
      <Typography sx={{ fontWeight: 600 }}>Drop files here</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        SOP graphs (JSON, line format), plans (JSON, JSONL, CSV) and conversations (JSON, JSONL, event streams). The format is detected.
      </Typography>
      <input
        id={inputId}
        type="file"
        multiple
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Button component="label" htmlFor={inputId} variant="outlined" size="small">
        Choose files…
      </Button>
    </Box>
  );
}
