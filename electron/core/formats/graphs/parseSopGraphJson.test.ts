import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { parseSopGraphJson } from './parseSopGraphJson';
import { jsonNode } from '../../../testing/graphBuilders';
import { FORMATS } from '../../../testing/fixtures';

const example = JSON.parse(readFileSync(path.join(FORMATS, 'sop-graph.json'), 'utf8')) as unknown;

function formatError(record: unknown): FormatError {
  try {
    parseSopGraphJson(record, 1);
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError');
}

describe('parseSopGraphJson on fixtures/formats/sop-graph.json', () => {
  const { graph, findings } = parseSopGraphJson(example, 1);

  it('reads the graph, its six nodes and eight edges', () => {
    expect(findings).toEqual([]);
    expect(graph.sourceFormat).toBe('sop-graph-json');
    expect(graph.title).toBe('Order return with refund');
    expect(graph.description).toMatch(/^Retail support procedure/);
    expect(graph.nodes.map((n) => [n.id, n.type])).toEqual([
      ['1', 'start'],
      ['2', 'task'],
      ['3', 'task'],
      ['4', 'task'],
      ['5', 'end'],
      ['6', 'task'],
    ]);
    expect(graph.edges).toHaveLength(8);
    expect(graph.edgesFromPathways).toBe(false);
  });

  it('reads a node with its steps, tool, inputs, response fields and pathways', () => {
    const node = graph.nodes[0]!;
    expect(node.name).toBe('Identify Customer');
    expect(node.description).toBe('Confirm who the customer is before any order data is shared.');
    expect(node.steps).toEqual(['Step 1: Ask for the email on the account.', 'Step 2: Look the customer up with the Customer Lookup tool.']);
    expect(node.tools).toEqual([
      {
        name: 'Customer Lookup',
        method: 'GET',
        url: 'https://api.shop.example/customers',
        description: 'Find a customer by email.',
        condition: null,
        inputs: [{ name: 'email', type: 'string', description: 'email (string): the address on the account.', extra: {} }],
        responses: [
          {
            name: 'customerStatus',
            description: "customerStatus (string): one of 'found', 'not_found'.",
            type: 'string',
            allowedValues: ['found', 'not_found'],
            extra: {},
          },
        ],
        extra: {},
      },
    ]);
    expect(node.pathways.map((p) => [p.nextNodeId, p.conditions.map((c) => c.expression)])).toEqual([
      ['2', ["{customerStatus} == 'found'"]],
      ['6', ["{customerStatus} == 'not_found'"]],
    ]);
  });

  it('pairs every listed edge with its pathway and takes over the conditions', () => {
    expect(graph.edges.map((e) => [e.key, e.source, e.target, e.label, e.origin, e.conditions])).toEqual([
      ['e0', '1', '2', 'customer found', 'both', ["{customerStatus} == 'found'"]],
      ['e1', '1', '6', 'customer not found', 'both', ["{customerStatus} == 'not_found'"]],
      ['e2', '2', '3', 'eligible', 'both', ['{daysSinceDelivery} <= 30 && {finalSale} == false']],
      ['e3', '2', '4', 'not eligible', 'both', ['{daysSinceDelivery} > 30 || {finalSale} == true']],
      ['e4', '3', '5', 'refund issued', 'both', ["{refundStatus} == 'issued'"]],
      ['e5', '3', '6', 'refund failed', 'both', ["{refundStatus} == 'failed'"]],
      ['e6', '4', '5', 'credit offered', 'both', []],
      ['e7', '6', '5', 'escalated', 'both', []],
    ]);
    expect(graph.edges[5]!.pathwayIndex).toBe(1);
  });

  it('survives a JSON round trip unchanged (the payload is stored as JSON)', () => {
    expect(JSON.parse(JSON.stringify(graph))).toEqual(graph);
  });
});

describe('parseSopGraphJson edges and pathways', () => {
  it('derives edges from pathways when the source has no edge list', () => {
    const { graph } = parseSopGraphJson({ nodes: [jsonNode('a', [['b', '{x} == 1']]), jsonNode('b')] }, 1);
    expect(graph.edgesFromPathways).toBe(true);
    expect(graph.edges).toEqual([
      { key: 'e0', id: null, source: 'a', target: 'b', label: null, conditions: ['{x} == 1'], origin: 'pathway', pathwayIndex: 0, sourceLine: null, extra: {} },
    ]);
  });

  it('keeps unpaired edges (origin edge) and appends unlisted pathways (origin pathway)', () => {
    const { graph } = parseSopGraphJson(
      {
        nodes: [jsonNode('a', [['b'], ['c']]), jsonNode('b', [['c']]), jsonNode('c')],
        edges: [
          { source: 'a', target: 'b' },
          { source: 'b', target: 'a', label: 'back' },
        ],
      },
      1,
    );
    expect(graph.edges.map((e) => [e.key, e.source, e.target, e.origin])).toEqual([
      ['e0', 'a', 'b', 'both'],
      ['e1', 'b', 'a', 'edge'],
      ['e2', 'a', 'c', 'pathway'],
      ['e3', 'b', 'c', 'pathway'],
    ]);
  });

  it('pairs parallel edges with parallel pathways one to one', () => {
    const { graph } = parseSopGraphJson(
      {
        nodes: [jsonNode('a', [['b', '{x} == 1'], ['b', '{x} == 2']]), jsonNode('b')],
        edges: [{ source: 'a', target: 'b' }, { source: 'a', target: 'b' }],
      },
      1,
    );
    expect(graph.edges.map((e) => [e.origin, e.conditions])).toEqual([
      ['both', ['{x} == 1']],
      ['both', ['{x} == 2']],
    ]);
  });

  it('uses an explicit node type over the structural guess', () => {
    const { graph } = parseSopGraphJson({ nodes: [jsonNode('a', [['b']], { type: 'start' }), jsonNode('b', [], { type: 'api' })] }, 1);
    expect(graph.nodes.map((n) => [n.type, n.sourceType])).toEqual([
      ['start', 'start'],
      ['api', 'api'],
    ]);
  });
});

describe('parseSopGraphJson keeps unknown fields', () => {
  it('under extra, at every level', () => {
    const { graph } = parseSopGraphJson(
      {
        title: 't',
        domain: 'retail',
        version: 3,
        nodes: [
          {
            ...jsonNode('a', [['b']]),
            owner: 'ops',
            tools: [{ name: 'T', timeoutMs: 500, extractVars: [{ variableName: 'v', required: true }], responseData: [{ name: 'r', unit: 'days' }] }],
            responsePathways: [{ nextNodeId: 'b', priority: 1, conditions: [{ algebraicExpression: '{r} > 1', note: 'n' }] }],
          },
          jsonNode('b'),
        ],
        edges: [{ source: 'a', target: 'b', style: 'dashed' }],
      },
      1,
    );
    const node = graph.nodes[0]!;
    expect(graph.domain).toBe('retail');
    expect(graph.extra).toEqual({ version: 3 });
    expect(node.extra).toEqual({ owner: 'ops' });
    expect(node.tools[0]!.extra).toEqual({ timeoutMs: 500 });
    expect(node.tools[0]!.inputs[0]!.extra).toEqual({ required: true });
    expect(node.tools[0]!.responses[0]!.extra).toEqual({ unit: 'days' });
    expect(node.pathways[0]!.extra).toEqual({ priority: 1 });
    expect(node.pathways[0]!.conditions[0]!.extra).toEqual({ note: 'n' });
    expect(graph.edges[0]!.extra).toEqual({ style: 'dashed' });
  });

  it('skips __proto__ keys with a finding and never touches a prototype', () => {
    const record = JSON.parse('{"__proto__": {"polluted": 1}, "nodes": [{"id": "a", "__proto__": {"polluted": 2}, "constructor": "kept"}]}') as unknown;
    const { graph, findings } = parseSopGraphJson(record, 1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(graph.extra)).toBeNull();
    expect(Object.hasOwn(graph.extra, '__proto__')).toBe(false);
    expect(Object.hasOwn(graph.nodes[0]!.extra, '__proto__')).toBe(false);
    expect(graph.nodes[0]!.extra.constructor).toBe('kept');
    expect(findings).toEqual([
      { validator: 'graph-reserved-key', severity: 'warning', location: null, message: 'nodes[0].__proto__: field ignored; "__proto__" is a reserved name and is not stored' },
      { validator: 'graph-reserved-key', severity: 'warning', location: null, message: '__proto__: field ignored; "__proto__" is a reserved name and is not stored' },
    ]);
  });

  it('does not read inherited names as fields (a node without steps has none, not Object.prototype members)', () => {
    const { graph } = parseSopGraphJson(JSON.parse('{"nodes": [{"id": "constructor"}, {"id": "toString"}]}'), 1);
    expect(graph.nodes.map((n) => [n.id, n.steps, n.tools, n.name])).toEqual([
      ['constructor', [], [], null],
      ['toString', [], [], null],
    ]);
  });
});

describe('parseSopGraphJson rejects wrong shapes, naming the field', () => {
  const nodes = [jsonNode('1', [['2']]), jsonNode('2', [['3']]), jsonNode('3', [['4']]), jsonNode('4', [['5']]), jsonNode('5')];
  const withNode3 = (node: Record<string, unknown>) => ({ nodes: nodes.map((n, i) => (i === 3 ? node : n)) });

  it.each<{ record: unknown; message: string; field: string | null }>([
    { record: withNode3({ id: '4', responsePathways: [{ nextNodeId: 5 }] }), message: 'nodes[3].responsePathways[0].nextNodeId: expected a string, found 5', field: 'nodes[3].responsePathways[0].nextNodeId' },
    { record: withNode3({ responsePathways: [] }), message: 'nodes[3].id: expected a string, found nothing', field: 'nodes[3].id' },
    { record: withNode3({ id: '4', steps: ['ok', 7] }), message: 'nodes[3].steps[1]: expected a string, found 7', field: 'nodes[3].steps[1]' },
    { record: withNode3({ id: '4', steps: 'one step' }), message: 'nodes[3].steps: expected an array, found "one step"', field: 'nodes[3].steps' },
    { record: withNode3({ id: '4', tools: ['lookup'] }), message: 'nodes[3].tools[0]: expected an object, found "lookup"', field: 'nodes[3].tools[0]' },
    { record: withNode3({ id: '4', tools: [{ responseData: [{ name: 'r', context: 5 }] }] }), message: 'nodes[3].tools[0].responseData[0].context: expected a string, found 5', field: 'nodes[3].tools[0].responseData[0].context' },
    { record: withNode3({ id: '4', tools: [{ extractVars: [{}] }] }), message: 'nodes[3].tools[0].extractVars[0].variableName: expected a string, found nothing', field: 'nodes[3].tools[0].extractVars[0].variableName' },
    { record: withNode3({ id: '4', responsePathways: [{ nextNodeId: '5', conditions: [true] }] }), message: 'nodes[3].responsePathways[0].conditions[0]: expected an object with an algebraicExpression (or an expression string), found true', field: 'nodes[3].responsePathways[0].conditions[0]' },
    { record: withNode3({ id: '4', responsePathways: { nextNodeId: '5' } }), message: 'nodes[3].responsePathways: expected an array, found an object', field: 'nodes[3].responsePathways' },
    { record: withNode3(null as unknown as Record<string, unknown>), message: 'nodes[3]: expected an object, found null', field: 'nodes[3]' },
    { record: { nodes, edges: [{ source: '1', target: ['2'] }] }, message: 'edges[0].target: expected a string, found an array', field: 'edges[0].target' },
    { record: { nodes, title: 42 }, message: 'title: expected a string, found 42', field: 'title' },
    { record: { title: 'no nodes' }, message: 'nodes: expected an array of nodes, found nothing', field: 'nodes' },
    { record: { nodes: {} }, message: 'nodes: expected an array of nodes, found an object', field: 'nodes' },
    { record: 'a graph', message: 'graph: expected an object, found "a graph"', field: null },
  ])('$message', ({ record, message, field }) => {
    const error = formatError(record);
    expect(error.message).toBe(message);
    expect(error.field).toBe(field);
    expect(error.line).toBe(1);
  });

  it('prefixes field paths of a graph inside an array', () => {
    expect(() => parseSopGraphJson({ nodes: [{ id: 1 }] }, 4, '[2]')).toThrow('[2].nodes[0].id: expected a string, found 1');
  });
});
