import { Box, Button, Stack, Typography } from '@mui/material';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useId, useState, type DragEvent } from 'react';
import { filesOfDroppedFolder, filesOfFolderInput, type ChosenFile, type ChosenFolder } from './chosenFiles';

/**
 * Drop files or folders here, or pick them; several at once. A folder (a release that writes
 * one SOP graph a file, as ALMITA does) imports as one dataset named after it. `compact` once
 * files are chosen: one line, so the list and the options below fit a 1280×720 window.
 */
export function FileDropZone({ onFiles, onProblem, compact = false }: { onFiles(files: ChosenFile[]): void; onProblem(problem: string): void; compact?: boolean }) {
  const fileInputId = useId();
  const folderInputId = useId();
  const [over, setOver] = useState(false);
  const take = (chosen: ChosenFolder) => ('problem' in chosen ? onProblem(chosen.problem) : onFiles(chosen.files));
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    // The dropped items are readable only during the event: take their entries now, read them after.
    const items = [...event.dataTransfer.items].filter((item) => item.kind === 'file');
    const entries = items.map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
    const plain = entries.filter(({ entry }) => !entry?.isDirectory).flatMap(({ file }) => (file ? [{ file }] : []));
    if (plain.length) onFiles(plain);
    for (const { entry } of entries) {
      if (entry?.isDirectory) {
        filesOfDroppedFolder(entry as FileSystemDirectoryEntry).then(take, (error: unknown) => onProblem(`Could not read the folder “${entry.name}”: ${String(error)}`));
      }
    }
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
        py: compact ? 1.25 : 4,
        px: compact ? 2 : 3,
        textAlign: 'center',
        transition: 'background-color 120ms, border-color 120ms',
        ...(compact && { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, flexWrap: 'wrap' }),
      }}
    >
      {compact ? (
        <Typography variant="body2" color="text.secondary">
          Drop more files or a folder here, or
        </Typography>
      ) : (
        <>
          <CloudUploadOutlined sx={{ fontSize: 36, color: over ? 'primary.main' : 'text.secondary', mb: 1 }} />
          <Typography sx={{ fontWeight: 600 }}>Drop files or a folder here</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            SOP graphs (JSON, line format), plans (JSON, JSONL, CSV) and conversations (JSON, JSONL, event streams). The format is detected. A
            folder&apos;s files import into one dataset named after it.
          </Typography>
        </>
      )}
      <input
        id={fileInputId}
        type="file"
        multiple
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])].map((file) => ({ file })));
          event.target.value = '';
        }}
      />
      <input
        id={folderInputId}
        type="file"
        hidden
        data-testid="import-folder-input"
        // Not a React prop: set on the element, it makes the picker choose a folder and list its files.
        ref={(input) => {
          if (input) input.webkitdirectory = true;
        }}
        onChange={(event) => {
          take(filesOfFolderInput([...(event.target.files ?? [])]));
          event.target.value = '';
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        <Button component="label" htmlFor={fileInputId} variant="outlined" size="small">
          Choose files…
        </Button>
        <Button component="label" htmlFor={folderInputId} variant="outlined" size="small">
          Choose a folder…
        </Button>
      </Stack>
    </Box>
  );
}
