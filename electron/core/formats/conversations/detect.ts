import { isObject, own } from './shape';

/**
 * Detection of conversation records from a file's first record. Plans (`plan`, `query_id`)
 * and graphs never carry `messages` or `event_type`, but the plan keys are ruled out
 * explicitly so a plan record with a stray `messages` field stays a plan.
 */

function messagesOf(sample: unknown): unknown[] | null {
  if (!isObject(sample) || own(sample, 'plan') !== undefined || own(sample, 'query_id') !== undefined) return null;
  const messages = own(sample, 'messages');
  if (!Array.isArray(messages)) return null;
  const first: unknown = messages[0];
  if (messages.length > 0 && !(isObject(first) && typeof own(first, 'role') === 'string')) return null;
  return messages;
}

const ROLES_ONLY = new Set(['api', 'api_output']);

/**
 * A conversation record in the user/assistant/api/api_output role set: a `messages` array
 * with an `api` or `api_output` message. A record with only user/assistant messages is
 * claimed by the chat format instead; both readers accept both vocabularies, so nothing is
 * lost when later records use the other one.
 */
export function isRolesConversation(sample: unknown): boolean {
  const messages = messagesOf(sample);
  return messages !== null && messages.some((m) => isObject(m) && ROLES_ONLY.has(own(m, 'role') as string));
}

/** A chat-message conversation record: a `messages` array of `{role, …}` without the api roles. */
export function isChatConversation(sample: unknown): boolean {
  return messagesOf(sample) !== null && !isRolesConversation(sample);
}

/** An event of an event stream: an object with a string `event_type`. */
export function isTrajectoryEvent(sample: unknown): boolean {
  return isObject(sample) && typeof own(sample, 'event_type') === 'string' && own(sample, 'plan') === undefined;
}
