import { Box, Snackbar } from '@mui/material';
import type { ItemDetail, Queue, TaskDetail } from '../../../../electron/api/contract';
import { SplitPane } from '../../common/SplitPane';
import { parseUnit } from '../../common/units';
import { ArtifactPanel } from '../viewers/ArtifactPanel';
import { CheatSheetDialog } from './CheatSheetDialog';
import { LabelingHeader } from './LabelingHeader';
import { QuestionPane } from './QuestionPane';
import { useLabelingScreen } from './useLabelingScreen';

/**
 * The labeling screen for one item: the artifact's viewer on the left (whatever viewer its
 * kind has, the raw view otherwise), the questions on the right, the keyboard everywhere.
 * Selecting a unit in the viewer switches the per-unit questions, and the other way round.
 */
export function LabelingScreen({ task, item, queue, me }: { task: TaskDetail; item: ItemDetail; queue: Queue | undefined; me: string }) {
  const screen = useLabelingScreen({ task, item, me });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="labeling-screen">
      <LabelingHeader task={task} item={item} queue={queue} screen={screen} />
      <SplitPane
        storageKey="accord.labeling.questionsWidth"
        defaultRight={440}
        minRight={340}
        maxRight={720}
        minLeft={420}
        left={
          <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 1.5, display: 'flex', flexDirection: 'column' }} data-testid="labeling-viewer">
            <ArtifactPanel key={item.id} item={item} unit={parseUnit(screen.unitText)} onSelectUnit={screen.selectUnit} fill />
          </Box>
        }
        right={<QuestionPane task={task} screen={screen} />}
      />
      {screen.cheatSheet && <CheatSheetDialog keymap={task.keymap} schema={task.schema} onClose={() => screen.setCheatSheet(false)} />}
      <Snackbar open={!!screen.notice} message={screen.notice} autoHideDuration={2500} onClose={screen.dismissNotice} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} />
    </Box>
  );
}
