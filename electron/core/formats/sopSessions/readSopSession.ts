import type { Conversation, EventTurn } from '../conversations/model';
import { isObject } from '../presets/recognise';
import { describeFound } from '../shapeErrors';
import { FormatError, type Finding, type MetadataValue, type ParsedItem } from '../types';
import { continuationRule } from './continuationRule';
import type { SopExecution, SopStep } from './model';
import { outlineLineOf, sopOutline } from './sopOutline';

/** Where a record sits in its file, for messages. */
export interface RecordPlace {
  /** 1-based position among the file's records. */
  ordinal: number;
  line: number;
}

/** Field names of an Agent-S session record, as the preset documents them. */
export const SESSION_FIELDS = { id: 'session_id', sopId: 'sop_id', model: 'model', sop: 'sop', memory: 'execution_memory' } as const;

/**
 * Whether a record is an Agent-S session: an SOP text and an execution memory list. Ids are
 * not needed to recognise one (a record without them is then rejected with a clear message).
 */
export function isSopSessionRecord(record: unknown): boolean {
  return isObject(record) && typeof record.sop === 'string' && Array.isArray(record.execution_memory);
}

/**
 * Reads one Agent-S session record — `{session_id, sop_id, model, sop, execution_memory:
 * [{state, action, action_type, observation, status}]}` — into a conversation item whose turns
 * are the memory's steps (turn *i* = step *i*, so per-step labels are per-turn labels) and whose
 * payload keeps the session's shape ({@link SopExecution}), with the continuation rule applied.
 * `type` is read where `action_type` is absent, and a boolean `success` where `status` is.
 *
 * Findings: `sop-continued-after-failure` (warning, at the failed step) when the rule applies;
 * `sop-unknown-state` (warning) for a state that names no line of the SOP.
 *
 * @throws {FormatError} `record N: <path>: expected …, found …` for a field of the wrong shape.
 */
export function readSopSession(record: unknown, place: RecordPlace): ParsedItem {
  const fail = (path: string, expected: string, value: unknown): never => {
    throw new FormatError(`record ${place.ordinal}: ${path}: expected ${expected}, found ${describeFound(value)}`, place.line, 1, path);
  };
  if (!isObject(record)) return fail('', 'an Agent-S session object', record);
  const sessionId = idText(record.session_id) ?? fail('session_id', 'a string or a number', record.session_id);
  const sopId = idText(record.sop_id) ?? fail('sop_id', 'a string or a number', record.sop_id);
  const model = record.model === undefined || record.model === null ? null : typeof record.model === 'string' ? record.model : fail('model', 'a string', record.model);
  const sopText = typeof record.sop === 'string' && record.sop.trim() !== '' ? record.sop : fail('sop', 'the SOP as text', record.sop);
  const memory = Array.isArray(record.execution_memory) && record.execution_memory.length > 0 ? record.execution_memory : fail('execution_memory', 'a non-empty list of steps', record.execution_memory);

  const outline = sopOutline(sopText);
  const steps: SopStep[] = memory.map((entry, index) => {
    const at = `execution_memory[${index}]`;
    if (!isObject(entry)) return fail(at, 'an object', entry);
    const { state, action, action_type, type, observation, status, success, ...extra } = entry;
    const stepState = state === undefined || state === null ? null : (idText(state) ?? fail(`${at}.state`, 'a string or a number', state));
    const actionText = typeof action === 'string' && action.trim() !== '' ? action : fail(`${at}.action`, 'the action as a string', action);
    const typeValue = action_type ?? type;
    const typeText = typeof typeValue === 'string' && typeValue !== '' ? typeValue : fail(`${at}.action_type`, 'a type such as "api_call"', typeValue);
    const step: SopStep = {
      index,
      state: stepState,
      action: actionText,
      type: typeText,
      observation: observation ?? null,
      status: stepStatus(status, success) ?? fail(`${at}.status`, '"success" or "fail"', status ?? success),
      outlineLine: outlineLineOf(outline, stepState),
    };
    if (Object.keys(extra).length > 0) step.extra = extra;
    return step;
  });
  const { session_id: _s, sop_id: _i, model: _m, sop: _t, execution_memory: _e, ...unknownFields } = record;
  const execution: SopExecution = { sessionId, sopId, model, sopText, outline, steps, rule: continuationRule(steps) };
  const conversation: Conversation = {
    sourceFormat: 'mapping',
    id: sessionId,
    domain: null,
    graph: sopId,
    intent: null,
    model,
    scenario: null,
    turns: steps.map(stepTurn),
    expectedTrace: null,
    actualTrace: [],
    extra: unknownFields,
    sopExecution: execution,
  };
  const metadata: Record<string, MetadataValue> = { sop: sopId, stepCount: steps.length, failedSteps: steps.filter((s) => s.status === 'fail').length };
  if (model !== null) metadata.model = model;
  metadata.continuedPastFailure = execution.rule.failedStep !== null;
  return { externalId: sessionId, kind: 'conversation', payload: conversation, rawText: null, metadata, findings: findingsOf(execution), line: place.line };
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function stepStatus(status: unknown, success: unknown): 'success' | 'fail' | null {
  if (typeof status === 'string') {
    const word = status.trim().toLowerCase();
    if (word === 'success' || word === 'succeeded' || word === 'ok') return 'success';
    if (word === 'fail' || word === 'failed' || word === 'failure' || word === 'error') return 'fail';
    return null;
  }
  if (status === undefined && typeof success === 'boolean') return success ? 'success' : 'fail';
  return null;
}

/** A step as a conversation turn: an event whose type is the action type, its text the action. */
function stepTurn(step: SopStep): EventTurn {
  return { index: step.index, role: 'event', sourceRole: step.type, sourceIndex: step.index, text: step.action, data: { state: step.state, observation: step.observation, status: step.status } };
}

function findingsOf(execution: SopExecution): Finding[] {
  const findings: Finding[] = [];
  const { rule } = execution;
  if (rule.failedStep !== null) {
    findings.push({ validator: 'sop-continued-after-failure', severity: 'warning', location: { turn: rule.failedStep }, message: `${rule.reason} (steps ${rule.ruledSteps.map((s) => s + 1).join(', ')})` });
  }
  for (const step of execution.steps) {
    if (step.state !== null && step.outlineLine === null) {
      findings.push({ validator: 'sop-unknown-state', severity: 'warning', location: { turn: step.index }, message: `step ${step.index + 1}: the state "${step.state}" names no line of SOP ${execution.sopId}` });
    }
  }
  return findings;
}
