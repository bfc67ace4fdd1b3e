import { Alert, Box, Button, Chip, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { useState } from 'react';
import type { JudgeDefinition, JudgeInfo, PlaceholderInfo } from '../../../../../electron/api/contract';
import { KIND_LABEL } from '../../../common/KindChip';
import { MONO_FONT } from '../../../theme/theme';
import { AnswerEditor } from './AnswerEditor';
import { JudgePreviewPanel } from './JudgePreviewPanel';
import { PromptEditor } from './PromptEditor';
import { SettingsEditor } from './SettingsEditor';
import { changedParts, destinationText, unsavableReason } from './unsavedEdits';
import { UnsavedEditsDialog } from './UnsavedEditsDialog';
import { useJudgeDraft } from './useJudgeDraft';
import type { SaveOutcome } from './useJudgeFiles';
import { judgeKey } from './useJudgeLibrary';
import { useUnsavedGuard } from './useUnsavedGuard';

interface Props {
  judge: JudgeInfo;
  /** The library, to name where a held navigation was going. */
  judges: readonly JudgeInfo[];
  placeholders: PlaceholderInfo[];
  busy: boolean;
  /** Stores the draft as a new version. */
  onSave(judge: JudgeDefinition): Promise<SaveOutcome>;
  /** Shows the version just saved (from the editor's own Save version). */
  onSaved(judge: JudgeInfo): void;
  onExport(judge: JudgeDefinition): void;
  onRun(judge: JudgeDefinition, version: string | null): void;
  /** Why the signed-in person may not run a judge (an annotator), or null: Run is then disabled, saying why. */
  runLock: string | null;
}

type TabName = 'prompt' | 'answer' | 'settings' | 'preview';

/**
 * One judge, inspected and edited: the prompt with its placeholders, the response schema and
 * mapping, the sampling settings, and a preview on a real item. Edits make a new version (its
 * hash shown as you type); saving stores it in the workspace beside the original. Leaving the
 * judge with unsaved edits asks first (see {@link useUnsavedGuard}).
 */
export function JudgeEditor({ judge, judges, placeholders, busy, onSave, onSaved, onExport, onRun, runLock }: Props) {
  const editor = useJudgeDraft(judge);
  const [tab, setTab] = useState<TabName>('prompt');
  const { draft } = editor;
  const valid = editor.issues.length === 0 && !editor.checking && editor.version !== null;
  const blocker = useUnsavedGuard(editor, judgeKey(judge), judges);
  const [leaving, setLeaving] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const saveVersion = async () => {
    const saving = draft;
    const outcome = await onSave(saving);
    if ('saved' in outcome) {
      editor.markSaved(saving);
      onSaved(outcome.saved);
    }
  };
  const saveAndLeave = async () => {
    const saving = draft;
    setLeaving({ busy: true, error: null });
    const outcome = await onSave(saving);
    if ('saved' in outcome) {
      editor.markSaved(saving);
      blocker.proceed?.();
    } else setLeaving({ busy: false, error: outcome.error });
  };
  const stay = () => {
    setLeaving({ busy: false, error: null });
    blocker.reset?.();
  };
  const unsavable = unsavableReason(editor);

  return (
    <Box sx={{ px: 3, pb: 3, pt: 2.5, minWidth: 0 }}>
      <Typography variant="h2" component="h1">
        {draft.title || 'Untitled judge'}
      </Typography>
      {draft.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 900 }}>
          {draft.description}
        </Typography>
      )}
      {/* Version, actions, problems and tabs stay in view while a long template is edited. */}
      <Box sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.default', mx: -3, px: 3, pt: 1.5, mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
            <Chip size="small" label={judge.origin === 'preset' ? 'Preset' : 'Workspace'} variant="outlined" />
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }} data-testid="judge-id">
              {draft.id}
            </Typography>
            <Tooltip title="The version is the hash of the template and settings: runs and the cache key on it.">
              <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, color: 'text.secondary' }} data-testid="judge-editor-version">
                @{editor.dirty ? (editor.version ?? (editor.checking ? '…' : 'invalid')) : judge.version}
              </Typography>
            </Tooltip>
            {editor.dirty && <Chip size="small" color="warning" variant="outlined" label="Edited — not saved" />}
            <Typography variant="body2" color="text.secondary">
              answers <b>{draft.schemaId}</b> · reads {draft.kinds.map((k) => KIND_LABEL[k]).join(', ') || 'any kind'} · one request per {draft.per}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
            {editor.dirty && (
              <>
                <Button size="small" startIcon={<UndoOutlined />} onClick={editor.reset}>
                  Revert
                </Button>
                <Button size="small" variant="outlined" startIcon={<SaveOutlined />} disabled={!valid || busy} onClick={() => void saveVersion()}>
                  Save version
                </Button>
              </>
            )}
            <Button size="small" startIcon={<FileDownloadOutlined />} disabled={!valid} onClick={() => onExport(draft)}>
              Export JSON
            </Button>
            {/* A disabled button hears no hover: the span carries the tooltip saying why. */}
            <Tooltip title={runLock ?? ''}>
              <span data-testid="judge-run-lock" data-locked={runLock !== null}>
                <Button size="small" variant="contained" startIcon={runLock ? <LockOutlined /> : <PlayArrowOutlined />} disabled={!valid || runLock !== null} onClick={() => onRun(draft, editor.version)}>
                  Run…
                </Button>
              </span>
            </Tooltip>
          </Box>
        </Box>
        {editor.issues.length > 0 && (
          <Alert severity="error" sx={{ mt: 1.5, py: 0 }} data-testid="judge-issues">
            {editor.issues.slice(0, 6).map((issue, i) => (
              <div key={i}>
                {issue.path && <code style={{ fontFamily: MONO_FONT }}>{issue.path}</code>}
                {issue.path && ': '}
                {issue.message}
              </div>
            ))}
          </Alert>
        )}
        <Tabs value={tab} onChange={(_e, next: TabName) => setTab(next)} sx={{ mt: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
          <Tab value="prompt" label="Prompt" />
          <Tab value="answer" label="Response & mapping" />
          <Tab value="settings" label="Settings" />
          <Tab value="preview" label="Preview" />
        </Tabs>
      </Box>
      {tab === 'prompt' && <PromptEditor draft={draft} placeholders={placeholders} onChange={(template) => editor.update((d) => ({ ...d, template }))} />}
      {tab === 'answer' && <AnswerEditor draft={draft} update={editor.update} />}
      {tab === 'settings' && <SettingsEditor draft={draft} update={editor.update} />}
      {tab === 'preview' && <JudgePreviewPanel draft={draft} valid={valid} />}
      {blocker.state === 'blocked' && (
        <UnsavedEditsDialog
          open
          judge={judge}
          parts={changedParts(judge.definition, draft)}
          destination={destinationText(blocker.location.pathname, judges)}
          unsavable={unsavable}
          busy={leaving.busy}
          error={leaving.error}
          onKeep={stay}
          onDiscard={() => blocker.proceed()}
          onSave={() => void saveAndLeave()}
        />
      )}
    </Box>
  );
}
