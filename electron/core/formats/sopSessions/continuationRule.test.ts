import { describe, expect, it } from 'vitest';
import { continuationRule } from './continuationRule';

const steps = (...spec: [string, string, 'success' | 'fail'][]) => spec.map(([action, type, status], index) => ({ index, action, type, status }));

describe('continuationRule', () => {
  it('rules every step after a failed step the agent continued past (and not the failed step itself)', () => {
    const rule = continuationRule(
      steps(['ask_order_id', 'ask_user_input', 'success'], ['get_payment_status', 'api_call', 'fail'], ['tell_release_date', 'message_to_user', 'success'], ['close', 'message_to_user', 'success']),
    );
    expect(rule.failedStep).toBe(1);
    expect(rule.ruledSteps).toEqual([2, 3]);
    expect(rule.reason).toBe('the agent continued past failed step 2 (get_payment_status) without repeating it or consulting external knowledge, so every later step of the session is incorrect');
  });

  it('does not rule a failure the agent repeated or followed with external knowledge', () => {
    expect(continuationRule(steps(['pay', 'api_call', 'fail'], ['pay', 'api_call', 'success'], ['close', 'message_to_user', 'success'])).ruledSteps).toEqual([]);
    expect(continuationRule(steps(['pay', 'api_call', 'fail'], ['policy', 'external_knowledge', 'success'], ['close', 'message_to_user', 'success'])).failedStep).toBeNull();
  });

  it('applies from a retry that fails again and is then left behind', () => {
    const rule = continuationRule(steps(['pay', 'api_call', 'fail'], ['pay', 'api_call', 'fail'], ['close', 'message_to_user', 'success']));
    expect([rule.failedStep, rule.ruledSteps]).toEqual([1, [2]]);
  });

  it('has nothing to rule after a failed last step', () => {
    expect(continuationRule(steps(['ask', 'ask_user_input', 'success'], ['pay', 'api_call', 'fail']))).toEqual({ failedStep: null, ruledSteps: [], reason: null });
  });
});
