import { Button, Paper, Typography } from '@mui/material';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';

/** The first screen of an empty workspace: what to do next. */
export function EmptyDatasets({ onImport }: { onImport(): void }) {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
      <Typography variant="h2" gutterBottom>
        No datasets yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 3 }}>
        Import SOP graphs, plans or conversations to review them. Each file becomes a dataset; its items are validated on the way in.
      </Typography>
      <Button variant="contained" startIcon={<FileUploadOutlined />} onClick={onImport}>
        Import files
      </Button>
    </Paper>
  );
}
