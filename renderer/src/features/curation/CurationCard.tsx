import { Button, Paper, Typography } from '@mui/material';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import { Link as RouterLink } from 'react-router';

/** The task page's way into curation (leads, tasks with a validity-style question). */
export function CurationCard({ taskId }: { taskId: number }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="curation-card-title" sx={{ p: 2.5 }}>
      <Typography variant="h3" id="curation-card-title" sx={{ mb: 0.5 }}>
        Curation
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Keep only the items every annotator judged valid, as ALMITA does: the counts before and after, who rejected what, and an export of what is kept.
      </Typography>
      <Button variant="outlined" size="small" startIcon={<FilterAltOutlined />} component={RouterLink} to={`/tasks/${taskId}/curation`}>
        Open curation
      </Button>
    </Paper>
  );
}
