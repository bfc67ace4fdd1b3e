import type { FormatReader } from '../module';
import { isSopSessionRecord, readSopSession } from '../sopSessions/readSopSession';
import type { Preset } from './model';

/** Reads each record as one Agent-S session (records are independent). */
function agentSReader(): FormatReader {
  let seen = 0;
  return {
    add(record, line, ordinal) {
      seen++;
      return [readSopSession(record, { ordinal: ordinal ?? seen, line })];
    },
    finish: () => [],
  };
}

/**
 * Agent-S SOP execution sessions (Kulkarni 2025): one record per session with the SOP as an
 * indented text block and the agent's execution memory.
 */
export const agentS: Preset = {
  name: 'agent-s',
  kind: 'conversation',
  description:
    'Agent-S SOP execution sessions (JSONL or a JSON array of {session_id, sop_id, model, sop, execution_memory}): one ' +
    'session per record, the SOP as indented text shown as an outline, each execution_memory entry ({state, action, ' +
    'action_type: ask_user_input / api_call / external_knowledge / message_to_user, observation, status: success / fail}) ' +
    'a step to judge (turn i = step i). The continuation rule (a failed step the next step neither repeats nor follows ' +
    'with external_knowledge makes every later step incorrect) is applied at import: code beyond the mapping language, ' +
    'so this preset has its own reader and its mapping only documents the fields.',
  framings: ['jsonl', 'json-array'],
  recognise: isSopSessionRecord,
  mapping: {
    format: 'accord.mapping',
    name: 'agent-s',
    description: 'documents the fields the Agent-S reader uses (the reader itself is code)',
    kind: 'conversation',
    id: 'session_id',
    messages: { path: 'execution_memory', role: 'action_type', content: 'action' },
    model: 'model',
    metadata: { sop: 'sop_id' },
  },
  reader: agentSReader,
};
