import { Alert, Box, Button, IconButton, LinearProgress, Snackbar, Tooltip, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import type { ItemDetail } from '../../../../electron/api/contract';
import { formatCount, plural } from '../../common/format';
import { KindChip } from '../../common/KindChip';
import { SplitPane } from '../../common/SplitPane';
import { parseUnit } from '../../common/units';
import { MONO_FONT } from '../../theme/theme';
import { useIdentity } from '../identity/identityContext';
import { RequireAdjudicator } from '../identity/RequireIdentity';
import { KeyCap } from '../labeling/KeyCap';
import { useApiOnce } from '../labeling/useApiOnce';
import { idParam } from '../tasks/useTasks';
import { ArtifactPanel } from '../viewers/ArtifactPanel';
import { AnswerGroupCard } from './AnswerGroupCard';
import { GoldHistory } from './GoldHistory';
import { goldText } from './goldText';
import { KeysDialog } from './KeysDialog';
import { ReasonDialog } from './ReasonDialog';
import { SettleItemBar } from './SettleItemBar';
import { adjudicationKeys, useAdjudicationItem } from './useAdjudicationItem';
import { type AdjudicationQueueState, useQueueAroundItem } from './useAdjudicationQueue';

/** `#/adjudication/:taskId/items/:itemId`: one item's labels side by side, gold set with keys, the artifact beside them. */
export default function AdjudicationItemPage() {
  const params = useParams();
  const taskId = idParam(params.taskId);
  const itemId = idParam(params.itemId);
  const item = useApiOnce(`item ${itemId}`, (api) => api['items.get']({ id: itemId! }), itemId !== null);
  const queue = useQueueAroundItem(taskId);
  return (
    <RequireAdjudicator>
      {taskId === null || itemId === null ? (
        <Alert severity="error" sx={{ m: 3 }}>
          This link does not name a task and an item.
        </Alert>
      ) : item.error ? (
        <Alert severity="error" sx={{ m: 3 }}>
          {item.error}
        </Alert>
      ) : !item.data ? (
        <LinearProgress aria-label="Loading item" />
      ) : (
        <ItemScreen key={itemId} taskId={taskId} item={item.data} queue={queue} />
      )}
    </RequireAdjudicator>
  );
}

function ItemScreen({ taskId, item, queue }: { taskId: number; item: ItemDetail; queue: AdjudicationQueueState }) {
  const me = useIdentity().identity!.name;
  const screen = useAdjudicationItem({ taskId, itemId: item.id, me, queue });
  const schema = screen.detail.data?.schema;
  const settled = screen.disagreements.filter((g) => g.gold !== null).length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="adjudication-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, py: 0.75, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 48 }}>
        <Tooltip title="Back to the queue (Backspace)">
          <IconButton size="small" component={RouterLink} to={screen.queueHref} state={screen.queueState} aria-label="Back to the queue (Backspace)" sx={{ borderRadius: 1, gap: 0.25, px: 0.5 }}>
            <ArrowBackOutlined fontSize="small" />
            <KeyCap k="Backspace" dim />
          </IconButton>
        </Tooltip>
        <Typography component="h1" sx={{ fontFamily: MONO_FONT, fontSize: 15, fontWeight: 600 }} data-testid="adjudication-item-id">
          {item.externalId}
        </Typography>
        <KindChip kind={item.kind} />
        <Typography variant="body2" color={settled === screen.disagreements.length ? 'success.main' : 'text.secondary'} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="item-settled">
          {screen.disagreements.length > 0 && settled === screen.disagreements.length && <CheckCircleOutlined sx={{ fontSize: 16 }} />}
          {/* Nothing said before the answers are in: "No disagreement" flashed on every item as it loaded. */}
          {screen.detail.data === undefined ? '' : screen.disagreements.length === 0 ? 'No disagreement' : `${settled} of ${plural(screen.disagreements.length, 'disagreement')} settled`}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {screen.position >= 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="adjudication-position">
            {formatCount(screen.position + 1)} of {formatCount(screen.total)} · {formatCount(screen.open)} open
          </Typography>
        )}
        <Nav label="Previous item" k="k" href={screen.previousHref} icon={<ChevronLeftOutlined fontSize="small" />} />
        <Nav label="Next open item" k="j" href={screen.nextHref} icon={<ChevronRightOutlined fontSize="small" />} />
        <Button size="small" color="inherit" startIcon={<KeyboardOutlined />} onClick={() => screen.setCheatSheet(true)} sx={{ color: 'text.secondary', minWidth: 0 }} aria-label="Keyboard shortcuts (?)">
          ?
        </Button>
      </Box>
      <SplitPane
        storageKey="accord.adjudication.answersWidth"
        defaultRight={520}
        minRight={380}
        maxRight={820}
        minLeft={380}
        left={
          <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 1.5, display: 'flex', flexDirection: 'column' }}>
            <ArtifactPanel key={item.id} item={item} unit={parseUnit(screen.unitText)} onSelectUnit={screen.selectFromViewer} fill />
          </Box>
        }
        right={
          <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25, bgcolor: '#fafbfc' }} component="section" aria-label="Answers side by side">
            {screen.detail.error && <Alert severity="error">{screen.detail.error}</Alert>}
            {screen.error && (
              <Alert severity="error" onClose={screen.dismissError}>
                {screen.error}
              </Alert>
            )}
            {screen.detail.loading && !screen.detail.data && <LinearProgress aria-label="Loading answers" />}
            {screen.waiting && (
              <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 0.5 }} data-testid="waiting-key">
                {screen.waiting.settle && <KeyCap k="Shift" />}
                <KeyCap k={String(screen.waiting.n)} />
                {screen.waiting.settle ? 'waits for the answers: it settles the item with that rater’s answers once they are in' : 'waits for the answers: it sets gold on the first disputed question once they are in'}
              </Typography>
            )}
            <SettleItemBar raters={screen.raters} open={screen.openCount} onSettle={(rater) => void screen.settleWith(rater)} />
            {screen.detail.data && screen.disagreements.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
                The raters agree on every question of this item{screen.agreed.length === 0 ? ' (no submitted labels yet)' : ''}.
              </Typography>
            )}
            {screen.shown.map((group, index) => (
              <Box key={`${group.unit}/${group.question}`}>
                {index === screen.disagreements.length && (
                  <Typography variant="overline" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    Agreed
                  </Typography>
                )}
                <AnswerGroupCard
                  ref={(el) => {
                    screen.cards.current[index] = el;
                  }}
                  group={group}
                  question={schema?.questions.find((q) => q.id === group.question)}
                  focused={index === screen.focus}
                  onFocus={() => screen.setFocusIndex(index)}
                  note={screen.noteOf(group)}
                  onNote={(note) => screen.setNote(group, note)}
                  onLeaveNote={() => screen.leaveNote(group)}
                  onSetGold={(value, na) => void screen.setGold(group, value, na)}
                />
              </Box>
            ))}
            {screen.agreed.length > 0 && (
              <Button size="small" onClick={() => screen.setShowAgreed(!screen.showAgreed)} sx={{ alignSelf: 'flex-start' }}>
                {screen.showAgreed ? 'Hide agreed answers' : `Show ${plural(screen.agreed.length, 'agreed answer')}`}
              </Button>
            )}
            <GoldHistory edits={screen.history.data ?? []} />
          </Box>
        }
      />
      {screen.pendingChange && (
        <ReasonDialog
          question={screen.pendingChange.group.question}
          from={goldText(screen.pendingChange.group.gold)}
          to={goldText({ value: screen.pendingChange.value, na: screen.pendingChange.na })}
          onCancel={screen.cancelChange}
          onConfirm={screen.confirmChange}
        />
      )}
      {/* Gold set again as it stands writes nothing: said briefly, with no new row in the gold log. */}
      <Snackbar open={!!screen.notice} message={screen.notice} autoHideDuration={2500} onClose={screen.dismissNotice} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
      {screen.cheatSheet && <KeysDialog title="Keyboard" keys={adjudicationKeys(screen.raters.length > 0)} onClose={() => screen.setCheatSheet(false)} />}
    </Box>
  );
}

/** A move between items, with its key on it. */
function Nav({ label, k, href, icon }: { label: string; k: string; href: string | null; icon: React.ReactNode }) {
  const named = `${label} (${k})`;
  const sx = { borderRadius: 1, gap: 0.25, px: 0.5 };
  return (
    <Tooltip title={named}>
      <span>
        {href ? (
          <IconButton size="small" component={RouterLink} to={href} aria-label={named} sx={sx}>
            {icon}
            <KeyCap k={k} dim />
          </IconButton>
        ) : (
          <IconButton size="small" disabled aria-label={named} sx={sx}>
            {icon}
            <KeyCap k={k} dim />
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
}
