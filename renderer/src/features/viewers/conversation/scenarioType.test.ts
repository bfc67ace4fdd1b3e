import { describe, expect, it } from 'vitest';
import { scenarioTypeStyle } from './scenarioType';

describe('scenarioTypeStyle', () => {
  it('names the three scenario types of DESIGN.md §3 with a tone each', () => {
    expect(scenarioTypeStyle('correct_context')).toEqual({ label: 'Correct context', tone: 'success' });
    expect(scenarioTypeStyle('missing_parameter')).toEqual({ label: 'Missing parameter', tone: 'warning' });
    expect(scenarioTypeStyle('failing_function')).toEqual({ label: 'Failing function', tone: 'error' });
  });

  it('writes other types in sentence case, with no tone', () => {
    expect(scenarioTypeStyle('ambiguousRequest')).toEqual({ label: 'Ambiguous request', tone: 'default' });
    expect(scenarioTypeStyle('out-of-scope')).toEqual({ label: 'Out of scope', tone: 'default' });
  });
});
