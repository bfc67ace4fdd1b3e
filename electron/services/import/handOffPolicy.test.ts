import { describe, expect, it } from 'vitest';
import { HandOffPolicy } from './handOffPolicy';

describe('handing lines over to the importing thread', () => {
  it('is granted once asked, when the worker never waited for credit', () => {
    const policy = new HandOffPolicy(4);
    for (let i = 0; i < 5; i++) policy.sending(false);
    expect(policy.handOff()).toBe(false); // not asked
    policy.ask();
    expect(policy.handOff()).toBe(true);
    expect(policy.handOff()).toBe(false); // one request, one hand-over
  });

  it('waits while the worker had to wait for credit in its last batches: the importing thread is the slower side', () => {
    const policy = new HandOffPolicy(4);
    policy.sending(false);
    policy.sending(true);
    policy.ask();
    for (let i = 0; i < 4; i++) {
      expect(policy.handOff()).toBe(false);
      policy.sending(false);
    }
    // Four batches in a row sent without waiting: the request, still standing, is granted.
    expect(policy.handOff()).toBe(false);
    policy.sending(false);
    expect(policy.handOff()).toBe(true);
  });

  it('a wait in between starts the count again', () => {
    const policy = new HandOffPolicy(2);
    policy.ask();
    policy.sending(false);
    policy.sending(false);
    policy.sending(true);
    expect(policy.handOff()).toBe(false);
    policy.sending(false);
    policy.sending(false);
    expect(policy.handOff()).toBe(false);
    policy.sending(false);
    expect(policy.handOff()).toBe(true);
  });
});
