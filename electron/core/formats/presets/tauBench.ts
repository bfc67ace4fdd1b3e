import { applyMapping } from '../mapping/applyMapping';
import type { ConversationMapping } from '../mapping/model';
import type { FormatReader } from '../module';
import type { Finding, ParsedItem } from '../types';
import type { Conversation } from '../conversations/model';
import type { Preset } from './model';
import { isObject } from './recognise';
import { readTextActions, type UnreadAction } from './tauBenchActions';

/**
 * Read-only tools of τ-bench (and τ²-bench's telecom domain): lookups, searches, the calculator
 * and `think`, by name prefix (`get_*`, see `readOnlyTools` in conversations/modeFigures.ts) or
 * by name. The gold (`info.task.actions`) is meant to list the calls that change the database,
 * so with `state-changing` these are neither rewarded nor punished. The preset's description
 * says the same, from this list.
 */
export const TAU_BENCH_READ_ONLY_TOOLS = ['get_*', 'find_*', 'list_*', 'search_*', 'calculate', 'think'];

/** The list in words for the description: prefixes joined by slashes, then the names ("…, calculate and think"). */
function readOnlyWording(tools: readonly string[]): string {
  const prefixes = tools.filter((t) => t.endsWith('*'));
  const names = tools.filter((t) => !t.endsWith('*'));
  const parts = [prefixes.join('/'), ...names].filter((p) => p !== '');
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What the preset reads with (ReAct/Act text actions are rewritten first: see tauBenchReader). */
const TAU_BENCH_MAPPING: ConversationMapping = {
  format: 'accord.mapping',
  name: 'tau-bench',
  description: 'τ-bench trajectories: traj → turns, info.task.actions → expected trace',
  kind: 'conversation',
  id: { first: [{ template: 'task-{task_id}-trial-{trial}' }, { template: 'task-{task_id}' }] },
  messages: { path: 'traj', role: 'role', content: 'content', toolCalls: 'tool_calls', toolCallId: 'tool_call_id', name: 'name' },
  expectedTrace: { path: 'info.task.actions', name: 'name', arguments: 'kwargs' },
  metadata: { taskId: 'task_id', trial: 'trial', reward: 'reward', instruction: 'info.task.instruction', userId: 'info.task.user_id' },
  scoring: { modes: ['all-calls', 'state-changing', 'order-free'], readOnlyTools: TAU_BENCH_READ_ONLY_TOOLS },
};

/** τ-bench trajectory files (`historical_trajectories/*.json`, `results/*.json`). */
export const tauBench: Preset = {
  name: 'tau-bench',
  kind: 'conversation',
  description:
    'τ-bench trajectories (a JSON array of {task_id, trial, reward, info, traj}): one conversation per task and trial ' +
    '(id task-<task_id>-trial-<trial>), traj as chat messages with tool_calls, info.task.actions ({name, kwargs}) as the ' +
    "expected tool trace, reward and the user's instruction as metadata; scored also with the gold listing only " +
    `state-changing calls (${readOnlyWording(TAU_BENCH_READ_ONLY_TOOLS)} are read-only) and order-free. ` +
    'The react and act agents\' actions written as text (Action: {"name", "arguments"}, answered by a user message ' +
    "starting \"API output: \") are read as tool calls and their outputs, a respond action as the agent's reply: code " +
    'beyond the mapping language, so this preset has its own reader; an action it cannot read is kept as text with a finding.',
  framings: ['json-array', 'jsonl'],
  recognise: (sample) => isObject(sample) && Array.isArray(sample.traj) && 'task_id' in sample,
  mapping: TAU_BENCH_MAPPING,
  reader: tauBenchReader,
};

/**
 * Reads each record through the preset's mapping, after rewriting a ReAct/Act trajectory's
 * actions written as text into chat tool calls and outputs (see `readTextActions`); an action it
 * cannot read becomes a `tau-bench-action-unread` finding on its turn.
 */
function tauBenchReader(): FormatReader {
  let seen = 0;
  return {
    add(record, line, ordinal) {
      seen++;
      const place = { ordinal: ordinal ?? seen, line };
      const actions = isObject(record) && Array.isArray(record.traj) ? readTextActions(record.traj) : null;
      if (actions === null) return [applyMapping(TAU_BENCH_MAPPING, record, place)];
      const item = applyMapping(TAU_BENCH_MAPPING, { ...(record as Record<string, unknown>), traj: actions.messages }, place);
      item.findings.push(...actions.unread.map((unread) => unreadFinding(item, unread)));
      return [item];
    },
    finish: () => [],
  };
}

function unreadFinding(item: ParsedItem, unread: UnreadAction): Finding {
  const turn = (item.payload as Conversation).turns.find((t) => t.sourceIndex === unread.message);
  return {
    validator: 'tau-bench-action-unread',
    severity: 'warning',
    location: turn ? { turn: turn.index } : null,
    message: `traj[${unread.message}]: ${unread.problem}`,
  };
}
