import { describe, expect, it } from 'vitest';
import { findingMarks } from './findingMarks';
import type { Finding } from './graphTypes';

const finding = (severity: Finding['severity'], location: Finding['location'], message = 'm'): Finding => ({ validator: 'v', severity, location, message });

describe('findingMarks', () => {
  it('pins findings on nodes and edges with the most severe colour, and item-level ones nowhere', () => {
    const marks = findingMarks([
      finding('info', { node: 'F' }),
      finding('error', { node: 'F' }),
      finding('warning', { edge: 'e4', field: 'condition' }),
      finding('info', null),
    ]);
    expect(marks.nodes.get('F')?.severity).toBe('error');
    expect(marks.nodes.get('F')?.findings).toHaveLength(2);
    expect(marks.edges.get('e4')?.severity).toBe('warning');
    expect(marks.nodes.size + marks.edges.size).toBe(2);
  });

  it('pins a finding naming both a node and an edge on the node, as its deep link does', () => {
    const marks = findingMarks([finding('error', { node: 'A', edge: 'e1' })]);
    expect([...marks.nodes.keys()]).toEqual(['A']);
    expect(marks.edges.size).toBe(0);
  });
});
