import { Alert, Box, LinearProgress, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../api/useApiQuery';
import { PageHeader } from '../../common/PageHeader';
import { plural } from '../../common/format';
import { RequireAgreementAccess } from './RequireAgreementAccess';

/** `#/agreement`: the tasks whose agreement can be measured, each opening its dashboard. Adjudicators and leads only. */
export default function AgreementTasksPage() {
  return (
    <RequireAgreementAccess>
      <TaskList />
    </RequireAgreementAccess>
  );
}

function TaskList() {
  const tasks = useApiQuery('tasks.list', (api) => api['tasks.list']({}));
  return (
    <Box sx={{ p: 3, maxWidth: 1200 }}>
      <PageHeader title="Agreement" summary="Inter-annotator agreement per task: κ with intervals, confusion matrices, annotators and the units they disagree on." />
      {tasks.loading && !tasks.data && <LinearProgress aria-label="Loading tasks" />}
      {tasks.error && <Alert severity="error">{tasks.error}</Alert>}
      {tasks.data && tasks.data.length === 0 && <Typography color="text.secondary">No tasks yet. Create one under Tasks; its agreement shows here once two annotators have submitted labels.</Typography>}
      {tasks.data && tasks.data.length > 0 && (
        <Paper variant="outlined">
          <Table size="small" aria-label="Tasks to measure agreement on">
            <TableHead>
              <TableRow>
                <TableCell>Task</TableCell>
                <TableCell>Schema</TableCell>
                <TableCell>Annotators</TableCell>
                <TableCell sx={{ textAlign: 'right' }}>Items</TableCell>
                <TableCell sx={{ textAlign: 'right' }}>Complete</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tasks.data.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/agreement/${t.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                      {t.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {t.schemaTitle}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t.schemaId} v{t.schemaVersion}
                    </Typography>
                  </TableCell>
                  <TableCell>{t.annotators.join(', ') || '—'}</TableCell>
                  <TableCell sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{plural(t.itemCount, 'item')}</TableCell>
                  <TableCell sx={{ textAlign: 'right' }}>{t.completeItems}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
