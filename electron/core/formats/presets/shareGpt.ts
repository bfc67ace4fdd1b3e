import type { Preset } from './model';
import { conversationsOf, isObject } from './recognise';

/**
 * Who speaks in ShareGPT logs, in Accord's chat roles (tool traffic as the roles format's api /
 * api_output). ToolLLaMA's `function` turns (a tool's output) stay `function`, the chat reader's
 * role for the older API's function outputs; the call they answer is in the assistant turn
 * before, as `Action:` / `Action Input:` lines the chat reader reads as a tool call.
 */
const SHAREGPT_ROLES = {
  human: 'user', user: 'user', gpt: 'assistant', chatgpt: 'assistant', bing: 'assistant', bard: 'assistant', assistant: 'assistant', system: 'system',
  function_call: 'api', observation: 'api_output', tool: 'api_output', function: 'function',
};

/** ShareGPT-style chat logs: `{id?, conversations: [{from, value}]}`. */
export const shareGpt: Preset = {
  name: 'sharegpt',
  kind: 'conversation',
  description:
    'ShareGPT-style chat logs ({id, conversations: [{from, value}]}, a JSON array or JSONL): from human/gpt/system ' +
    'renamed to user/assistant/system, function_call/observation to tool calls and outputs, ToolLLaMA "function" turns ' +
    'to the outputs of the calls the assistant wrote as "Action:" / "Action Input:" lines; records without an id are ' +
    'named by their number.',
  framings: ['json-array', 'jsonl'],
  recognise: (sample) => {
    const turns = conversationsOf(sample);
    return turns !== null && turns.length > 0 && turns.every((t) => isObject(t) && typeof t.from === 'string' && 'value' in t);
  },
  mapping: {
    format: 'accord.mapping',
    name: 'sharegpt',
    description: 'ShareGPT chat logs: conversations[].from → role, value → text',
    kind: 'conversation',
    id: { first: ['id', { template: 'conversation-{#}' }] },
    messages: { path: 'conversations', role: { rename: 'from', to: SHAREGPT_ROLES }, content: 'value' },
    metadata: { model: 'model', language: 'lang' },
  },
};
