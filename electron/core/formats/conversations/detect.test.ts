import { describe, expect, it } from 'vitest';
import { isChatConversation, isRolesConversation, isTrajectoryEvent } from './detect';

const chat = { id: 'c', messages: [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [] }] };
const roles = { id: 'r', messages: [{ role: 'user', content: 'x' }, { role: 'api', content: 'f()' }] };
const event = { event_type: 'session', data: { id: 1 } };
const plan = { query_id: 'q-1', query: 'how many', plan: { '1': { query: 'T2S([], "x")', depends_on: [] } } };
const graph = { nodes: [], edges: [] };

describe('conversation format detection', () => {
  it.each([
    ['chat record', chat, [true, false, false]],
    ['roles record', roles, [false, true, false]],
    ['event', event, [false, false, true]],
    ['plan record', plan, [false, false, false]],
    ['plan record with a stray messages field', { ...plan, messages: [] }, [false, false, false]],
    ['generated plan keyed by query_id', { query_id: 'q', messages: [{ role: 'user' }] }, [false, false, false]],
    ['graph', graph, [false, false, false]],
    ['messages that are not role objects', { messages: ['hi'] }, [false, false, false]],
    ['array', [chat], [false, false, false]],
    ['null', null, [false, false, false]],
    ['conversation with no messages yet', { id: 'e', messages: [] }, [true, false, false]],
  ])('%s', (_name, sample, [isChat, isRoles, isEvent]) => {
    expect([isChatConversation(sample), isRolesConversation(sample), isTrajectoryEvent(sample)]).toEqual([isChat, isRoles, isEvent]);
  });
});
