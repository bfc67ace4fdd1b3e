import { isObject } from './recognise';
import type { Preset } from './model';

/**
 * Read-only tools of τ-bench's airline and retail domains (tau_bench/envs/{airline,retail}/tools): lookups,
 * searches, the calculator and `think`. The gold (`info.task.actions`) is meant to list the
 * calls that change the database, so with `state-changing` these are neither rewarded nor punished.
 */
export const TAU_BENCH_READ_ONLY_TOOLS = [
  'get_user_details',
  'get_reservation_details',
  'list_all_airports',
  'search_direct_flight',
  'search_onestop_flight',
  'find_user_id_by_email',
  'find_user_id_by_name_zip',
  'get_order_details',
  'get_product_details',
  'list_all_product_types',
  'calculate',
  'think',
];

/** τ-bench trajectory files (`historical_trajectories/*.json`, `results/*.json`). */
export const tauBench: Preset = {
  name: 'tau-bench',
  kind: 'conversation',
  description:
    'τ-bench trajectories (a JSON array of {task_id, trial, reward, info, traj}): one conversation per task and trial ' +
    '(id task-<task_id>-trial-<trial>), traj as chat messages with tool_calls, info.task.actions ({name, kwargs}) as the ' +
    "expected tool trace, reward and the user's instruction as metadata; scored also with the gold listing only " +
    'state-changing calls (get_*/find_*/list_*/search_*, calculate and think are read-only) and order-free.',
  framings: ['json-array', 'jsonl'],
  recognise: (sample) => isObject(sample) && Array.isArray(sample.traj) && 'task_id' in sample,
  mapping: {
    format: 'accord.mapping',
    name: 'tau-bench',
    description: 'τ-bench trajectories: traj → turns, info.task.actions → expected trace',
    kind: 'conversation',
    id: { first: [{ template: 'task-{task_id}-trial-{trial}' }, { template: 'task-{task_id}' }] },
    messages: { path: 'traj', role: 'role', content: 'content', toolCalls: 'tool_calls', toolCallId: 'tool_call_id', name: 'name' },
    expectedTrace: { path: 'info.task.actions', name: 'name', arguments: 'kwargs' },
    metadata: { taskId: 'task_id', trial: 'trial', reward: 'reward', instruction: 'info.task.instruction', userId: 'info.task.user_id' },
    scoring: { modes: ['all-calls', 'state-changing', 'order-free'], readOnlyTools: TAU_BENCH_READ_ONLY_TOOLS },
  },
};
