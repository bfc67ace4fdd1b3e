// `npm run bench`: every benchmark prints its figures and its ratio to a baseline measured in
// the same run. Pass names to run a subset: `npm run bench -- import stats` (`graph` and
// `conversation` name the two viewers' benches too).
import { benchCliStartup } from './cliStartup';
import { benchConversationViewer } from './conversationViewer';
import { benchCrowdLabels } from './crowdLabels';
import { benchGraphViewer } from './graphViewer';
import { benchImport } from './importBench';
import { benchPgImport } from './pgImportBench';
import { benchJudges } from './judges';
import { benchStats } from './stats';
import { benchWorkspaceCopy } from './workspaceCopy';
import { benchTeamLoad } from './teamLoad';

const benches: Record<string, () => Promise<void>> = {
  import: () => benchImport(),
  crowd: () => benchCrowdLabels(),
  pgImport: () => benchPgImport(),
  stats: () => benchStats(),
  judges: () => benchJudges(),
  graphViewer: () => benchGraphViewer(),
  conversationViewer: () => benchConversationViewer(),
  cli: () => benchCliStartup(),
  copy: () => benchWorkspaceCopy(),
  team: () => benchTeamLoad(),
};

const ALIASES: Record<string, string> = { graph: 'graphViewer', conversation: 'conversationViewer', 'import-pg': 'pgImport' };
const wanted = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('-'))
  .map((a) => ALIASES[a] ?? a);
for (const [name, bench] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  await bench();
}
