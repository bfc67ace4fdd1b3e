import type { Framing, FormatModule, FormatReader } from '../module';
import { conversationItem } from './conversationItem';
import { readMessageConversation } from './conversationRecord';
import { isChatConversation, isRolesConversation, isTrajectoryEvent } from './detect';
import type { ConversationSourceFormat } from './model';
import { isObject, own } from './shape';
import { TrajectoryBuilder } from './trajectoryEvents';
import type { ConversationValidationOptions } from './validateConversation';

/**
 * The conversation format modules, with validator settings (e.g. `maxTurns`). Records
 * without an id are named `<file name without extension>-<n>` (n is the record's position in
 * the file, from 1, counting records that could not be read);
 * an event stream without a session id is named after its file.
 */
export function createConversationFormats(options: ConversationValidationOptions = {}): FormatModule[] {
  const messageFormat = (id: ConversationSourceFormat, framing: Framing, description: string, detect: (s: unknown) => boolean): FormatModule => ({
    id,
    kind: 'conversation',
    framing,
    description,
    detect,
    createReader: ({ fileName }): FormatReader => {
      const base = baseName(fileName);
      let seen = 0;
      return {
        add(record, line, ordinal) {
          seen++;
          const conversation = readMessageConversation(record, { sourceFormat: id, line, fallbackId: `${base}-${ordinal ?? seen}` });
          const item = conversationItem(conversation, line, options);
          // A conversation generated from a flowgraph (ALMITA) keeps its record as given, so that a
          // curated release exports it in its own shape (accord curate --out).
          if (isObject(record) && typeof own(record, 'flowgraph_id') === 'string') item.rawText = JSON.stringify(record);
          return [item];
        },
        finish: () => [],
      };
    },
    independentRecords: true,
  });

  return [
    messageFormat('conversations-chat-jsonl', 'jsonl', 'chat conversations, one a line (messages with tool_calls / tool_call_id)', isChatConversation),
    messageFormat('conversations-chat-json', 'json-array', 'a JSON array of chat conversations (messages with tool_calls / tool_call_id)', isChatConversation),
    messageFormat('conversations-roles-json', 'json-array', 'a JSON array of conversations with user / assistant / api / api_output roles', isRolesConversation),
    messageFormat('conversations-roles-jsonl', 'jsonl', 'conversations with user / assistant / api / api_output roles, one a line', isRolesConversation),
    {
      id: 'trajectory-events-jsonl',
      kind: 'conversation',
      framing: 'jsonl',
      description: 'an event stream, one event a line (session, user_input, agent_response, tool_called, tool_output); one file is one conversation',
      detect: isTrajectoryEvent,
      createReader: ({ fileName }): FormatReader => {
        const builder = new TrajectoryBuilder();
        return {
          add(record, line) {
            builder.add(record, line);
            return [];
          },
          finish() {
            const { conversation, line } = builder.finish(baseName(fileName), 'trajectory-events-jsonl');
            return [conversationItem(conversation, line, options)];
          },
        };
      },
    },
  ];
}

/** The file name without its last extension (`trajectory-events.jsonl` → `trajectory-events`). */
export function baseName(fileName: string): string {
  const stripped = fileName.replace(/\.[^./\\]+$/, '');
  return stripped === '' ? fileName : stripped;
}
