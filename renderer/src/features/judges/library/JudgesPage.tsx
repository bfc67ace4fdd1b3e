import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MONO_FONT } from '../../../theme/theme';
import { useIdentity } from '../../identity/identityContext';
import { judgeRunLock } from '../access/judgeRunLock';
import { RunDialog, type RunTarget } from '../run/RunDialog';
import { JudgeEditor } from './JudgeEditor';
import { JudgeList } from './JudgeList';
import type { JudgeInfo } from '../../../../../electron/api/contract';
import { judgeKey, useJudgeLibrary, usePlaceholders } from './useJudgeLibrary';
import { useJudgeFiles } from './useJudgeFiles';
import { HiddenFileInput } from '../../../common/HiddenFileInput';

/**
 * `#/judges[/:key]`: the judge library on the left (presets and the workspace's judges, with
 * their versions), the chosen judge on the right to inspect, edit, preview and run; import and
 * export as JSON. Anyone may read, edit and preview a judge (a prompt holds no label); running
 * one is for adjudicators and leads, and someone not yet signed in is asked who they are first.
 * Leaving a judge with unsaved edits (another judge, another page, closing the tab) asks first.
 */
export default function JudgesPage() {
  const { key } = useParams();
  const navigate = useNavigate();
  const { identity, openSwitcher } = useIdentity();
  const library = useJudgeLibrary();
  const placeholders = usePlaceholders();
  const [runTarget, setRunTarget] = useState<RunTarget | null>(null);
  const show = (judge: JudgeInfo) => navigate(`/judges/${encodeURIComponent(judgeKey(judge))}`);
  const files = useJudgeFiles(show);
  const picker = useRef<HTMLInputElement>(null);
  const detail = useRef<HTMLDivElement>(null);
  const judges = library.data ?? [];
  const selected = judges.find((j) => judgeKey(j) === key) ?? judges[0] ?? null;
  const selectedKey = selected ? judgeKey(selected) : null;

  // Another judge shown: its title at the top, not wherever the last one was scrolled to.
  useLayoutEffect(() => {
    detail.current?.scrollTo({ top: 0 });
  }, [selectedKey]);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '280px minmax(0, 1fr)', flex: 1, minHeight: 0 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box sx={{ px: 2, pt: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
            Judges
          </Typography>
          <Button size="small" startIcon={<FileUploadOutlined />} onClick={() => picker.current?.click()} disabled={files.busy}>
            Import JSON
          </Button>
          <HiddenFileInput ref={picker} accept=".json,application/json" aria-label="Judge file to import" onFile={(file) => void files.importFile(file)} />
        </Box>
        {library.loading && !library.data && <LinearProgress aria-label="Loading judges" />}
        <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          <JudgeList judges={judges} selected={selectedKey} onSelect={show} />
        </Box>
      </Box>
      <Box ref={detail} sx={{ minWidth: 0, overflowY: 'auto' }} data-testid="judge-detail">
        {library.error && <Alert severity="error" sx={{ m: 3 }}>{library.error}</Alert>}
        {files.problem && (
          <Alert severity="error" onClose={files.dismiss} sx={{ m: 3, mb: 0 }} data-testid="judge-file-problem">
            <b>{files.problem.title}</b>
            {files.problem.issues.slice(0, 8).map((issue, i) => (
              <div key={i}>
                {issue.path && <code style={{ fontFamily: MONO_FONT }}>{issue.path}: </code>}
                {issue.message}
              </div>
            ))}
          </Alert>
        )}
        {selected && placeholders.data && (
          <JudgeEditor
            key={judgeKey(selected)}
            judge={selected}
            judges={judges}
            placeholders={placeholders.data}
            busy={files.busy}
            onSave={files.save}
            onSaved={show}
            onExport={(judge) => void files.exportJudge(judge)}
            onRun={(judge, version) => (identity ? setRunTarget({ kind: 'new', judge, version }) : openSwitcher())}
            runLock={judgeRunLock(identity)}
          />
        )}
      </Box>
      <RunDialog target={runTarget} onClose={() => setRunTarget(null)} />
    </Box>
  );
}
