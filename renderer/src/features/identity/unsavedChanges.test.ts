import { describe, expect, it } from 'vitest';
import { unsavedChangeOf, unsavedText, withUnsaved } from './unsavedChanges';

describe('what a signed-out page lost', () => {
  it('is the label changes it sent, in words; reads lose nothing', () => {
    const save = unsavedChangeOf({ method: 'labels.save', args: { task: 't', itemId: 12, unit: 'turn:3', question: 'state', value: 'incorrect', rationale: 'skipped the refund check' } });
    expect(save && unsavedText(save)).toBe('item 12, turn:3, question “state”: incorrect — rationale: “skipped the refund check”');
    const tags = unsavedChangeOf({ method: 'labels.save', args: { itemId: 4, question: 'issues', value: ['tone', 'hallucination'], rationale: '  ' } });
    expect(tags && unsavedText(tags)).toBe('item 4, question “issues”: tone, hallucination');
    const na = unsavedChangeOf({ method: 'labels.save', args: { itemId: 4, question: 'q', na: true } });
    expect(na?.answer).toBe('N/A');
    expect(unsavedChangeOf({ method: 'labels.clear', args: { itemId: 4, question: 'q' } })?.answer).toBe('(cleared)');
    expect(unsavedChangeOf({ method: 'labels.list', args: { task: 't', itemId: 4 } })).toBeNull();
  });

  it('keeps the latest change of each answer', () => {
    const first = unsavedChangeOf({ method: 'labels.save', args: { itemId: 1, question: 'q', value: '4' } });
    const other = unsavedChangeOf({ method: 'labels.save', args: { itemId: 2, question: 'q', value: '2' } });
    const second = unsavedChangeOf({ method: 'labels.save', args: { itemId: 1, question: 'q', value: '5' } });
    const kept = withUnsaved(withUnsaved(withUnsaved([], first), other), second);
    expect(kept.map((c) => [c.itemId, c.answer])).toEqual([
      [2, '2'],
      [1, '5'],
    ]);
    expect(withUnsaved(kept, null)).toEqual(kept);
  });
});
