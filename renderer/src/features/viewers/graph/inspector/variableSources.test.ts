import { describe, expect, it } from 'vitest';
import type { NodeView } from '../graphView';
import { variableSources } from './variableSources';

const node = (id: string, tool: string, returns: string[]) =>
  ({ node: { id, tools: [{ name: tool, responses: returns.map((name) => ({ name })) }] } }) as unknown as NodeView;

describe('variableSources', () => {
  it('names the tools returning each variable a condition reads, and none for an unknown one', () => {
    // graph-password-reset.json, C → D: {riskScore} is returned by no tool
    const graph = { nodes: [node('C', 'Reset Password', ['resetStatus']), node('B', 'Verify OTP', ['otpResult', 'attempts'])] };
    expect(variableSources({ conditions: ["{resetStatus} == 'sent' && {riskScore} < 50"] }, graph)).toEqual([
      { variable: 'resetStatus', returnedBy: ['Reset Password (node C)'] },
      { variable: 'riskScore', returnedBy: [] },
    ]);
  });
});
