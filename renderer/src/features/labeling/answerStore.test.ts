import { describe, expect, it } from 'vitest';
import { AnswerStore, type Persist, type SaveRequest } from './answerStore';
import { answerKey, type Answer } from './answers';

const answer = (value: string | string[]): Answer => ({ value, na: false, rationale: null });

/** A service whose replies the test releases one by one, in any order. */
function controlledService() {
  const calls: { request: SaveRequest; resolve(a: Answer | null): void; reject(e: Error): void }[] = [];
  const persist: Persist = (request) => new Promise((resolve, reject) => calls.push({ request, resolve, reject }));
  return { persist, calls };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('answer store', () => {
  it('shows a change at once and saves changes one after another, in order', async () => {
    const service = controlledService();
    const store = new AnswerStore(service.persist, () => 42);
    void store.write('step:1', 'tags', answer(['a']), 3);
    void store.write('step:1', 'tags', answer(['a', 'b']), 1);
    expect(store.get('step:1', 'tags')).toEqual(answer(['a', 'b']));
    expect(store.getSnapshot().status.state).toBe('saving');
    await tick();
    // The second save waits for the first: a slow first reply can never overwrite the second.
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0].request).toMatchObject({ unit: 'step:1', question: 'tags', secondsSpent: 3 });
    service.calls[0].resolve(answer(['a']));
    await tick();
    expect(service.calls).toHaveLength(2);
    expect(store.get('step:1', 'tags')).toEqual(answer(['a', 'b']));
    service.calls[1].resolve(answer(['a', 'b']));
    await store.flush();
    expect(store.getSnapshot().status).toEqual({ state: 'saved', at: 42 });
  });

  it('undoes a refused change on screen, says why, and retries', async () => {
    const service = controlledService();
    const store = new AnswerStore(service.persist);
    void store.write('', 'q', answer('Good'), 0);
    await tick();
    service.calls[0].resolve(answer('Good'));
    await store.flush();
    void store.write('', 'q', answer('Bad'), 0);
    await tick();
    service.calls[1].reject(new Error('disk full'));
    await store.flush();
    expect(store.get('', 'q')).toEqual(answer('Good'));
    const status = store.getSnapshot().status;
    expect(status).toMatchObject({ state: 'error', message: 'disk full', question: 'q', unit: '' });
    if (status.state === 'error') status.retry();
    expect(store.get('', 'q')).toEqual(answer('Bad'));
    await tick();
    service.calls[2].resolve(answer('Bad'));
    await store.flush();
    expect(store.getSnapshot().status.state).toBe('saved');
  });

  it('takes loaded answers only when nothing local is newer', async () => {
    const service = controlledService();
    const store = new AnswerStore(service.persist);
    const server = new Map([[answerKey('', 'q'), answer('Good')]]);
    expect(store.load(server, store.version)).toBe(true);
    const since = store.version;
    void store.write('', 'q', answer('Bad'), 0);
    // An answer requested before the change (or arriving while it is saved) is stale.
    expect(store.load(server, since)).toBe(false);
    await tick();
    service.calls[0].resolve(answer('Bad'));
    await store.flush();
    expect(store.load(server, since)).toBe(false);
    expect(store.get('', 'q')).toEqual(answer('Bad'));
    expect(store.load(server, store.version)).toBe(true);
    expect(store.get('', 'q')).toEqual(answer('Good'));
  });

  it('clears an answer', async () => {
    const store = new AnswerStore(async () => null);
    store.load(new Map([[answerKey('', 'q'), answer('Good')]]), 0);
    await store.write('', 'q', null, 0);
    expect(store.get('', 'q')).toBeUndefined();
  });
});
