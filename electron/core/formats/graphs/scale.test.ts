import { describe, expect, it } from 'vitest';
import { flowgraphLinesModule } from './flowgraphLinesModule';
import { enumerateJourneys } from './journeys';
import { parseSopGraphJson } from './parseSopGraphJson';
import { sopGraphJsonModule } from './sopGraphJsonModule';
import type { SopGraph } from './model';
import { validateGraph } from './validators/validateGraph';

const N = 10_000;
// "Well under a second" on a 2-core machine shared with other jobs; typical runs take a fraction of this.
const BUDGET_MS = 1_000;

/** Node i goes to i+1 when {status} is 'ok' and to i+2 when 'retry': valid, acyclic, Fibonacci-many journeys. */
function ladderGraph(n: number): Record<string, unknown> {
  const nodes = [];
  const edges = [];
  for (let i = 0; i < n; i++) {
    const pathways = [];
    if (i + 1 < n) pathways.push({ nextNodeId: `n${i + 1}`, conditions: [{ algebraicExpression: "{status} == 'ok'" }] });
    if (i + 2 < n) pathways.push({ nextNodeId: `n${i + 2}`, conditions: [{ algebraicExpression: "{status} == 'retry' && {attempts} < 3" }] });
    for (const p of pathways) edges.push({ source: `n${i}`, target: p.nextNodeId, label: 'next' });
    nodes.push({
      id: `n${i}`,
      task_name: `Step ${i}`,
      task_description: 'A generated step.',
      steps: ['Step 1: do it.'],
      tools: [
        {
          name: 'Check',
          method: 'GET',
          url: 'https://example.test/check',
          extractVars: [{ variableName: 'ref', type: 'string', description: 'ref (string)' }],
          responseData: [
            { name: 'status', context: "status (string): one of 'ok', 'retry'." },
            { name: 'attempts', context: 'attempts (int): attempts so far.' },
          ],
        },
      ],
      responsePathways: pathways,
    });
  }
  return { title: 'ladder', nodes, edges };
}

/**
 * Milliseconds the work took: the smaller of wall-clock and process CPU time, because the test
 * machine is shared (2 cores, other jobs), where wall-clock also counts waiting for a core.
 */
function timed<T>(work: () => T): { value: T; ms: number } {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const value = work();
  const cpu = process.cpuUsage(cpuStart);
  return { value, ms: Math.min(performance.now() - wallStart, (cpu.user + cpu.system) / 1000) };
}

describe('a 10,000-node graph', () => {
  // Compile the code paths once on a small graph, as any earlier import would have.
  sopGraphJsonModule.createReader({ fileName: 'warm.json' }).add(ladderGraph(500), 1);

  it('JSON: parses, validates and counts journeys through the module well under a second, with no findings', () => {
    const record = ladderGraph(N);
    const { value: items, ms } = timed(() => sopGraphJsonModule.createReader({ fileName: 'ladder.json' }).add(record, 1));
    console.info(`10,000-node JSON graph: parsed, validated and journeys counted in ${ms.toFixed(0)} ms`);
    expect(items[0]!.findings).toEqual([]);
    expect(items[0]!.metadata).toMatchObject({ nodeCount: N, edgeCount: 2 * N - 3, journeyCount: 1000, journeysCapped: true });
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it('JSON: a 10,000-deep chain where every condition reads the variable of the node before (10,000 distinct variables)', () => {
    const nodes = Array.from({ length: N }, (_, i) => ({
      id: `c${i}`,
      tools: [{ name: `T${i}`, responseData: [{ name: `v${i}`, context: `v${i} (int)` }] }],
      responsePathways: i + 1 < N ? [{ nextNodeId: `c${i + 1}`, conditions: [{ algebraicExpression: `{v${i}} > 0 && {v${Math.max(0, i - 1)}} >= 0` }] }] : [],
    }));
    const { value: findings, ms } = timed(() => validateGraph(parseSopGraphJson({ nodes }, 1).graph));
    expect(findings).toEqual([]);
    expect(ms).toBeLessThan(BUDGET_MS);
    // Journeys walk the whole depth without recursion.
    const journeys = enumerateJourneys(parseSopGraphJson({ nodes }, 1).graph);
    expect(journeys.journeys).toHaveLength(1);
    expect(journeys.journeys[0]!.nodes).toHaveLength(N);
  });

  it('line format: parses and validates a 10,000-node flowgraph with loops well under a second', () => {
    const lines = ['[N0](start_message){hello}'];
    for (let i = 1; i < N - 1; i++) lines.push(`[N${i}](${i % 2 ? 'api' : 'message'}){step ${i}}`);
    lines.push(`[N${N - 1}](end_message){bye}`);
    for (let i = 0; i < N - 1; i++) lines.push(`[E${i % 7}](N${i}, N${i + 1}){next}`);
    // A retry loop every 100 nodes: 99 cycles, reported as info.
    for (let i = 100; i < N; i += 100) lines.push(`[R](N${i}, N${i - 1}){retry}`);
    const text = lines.join('\n');
    const { value: items, ms } = timed(() => flowgraphLinesModule.createReader({ fileName: 'big.txt' }).add(text, 1));
    const graph = items[0]!.payload as SopGraph;
    expect(graph.nodes).toHaveLength(N);
    expect(items[0]!.findings.filter((f) => f.validator === 'graph-cycle')).toHaveLength(99);
    expect(items[0]!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(items[0]!.metadata).toMatchObject({ journeyCount: 1, journeysCapped: false });
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it('reports 10,000 problems quickly and in capped form (every node unreachable from a start-less graph is not re-flagged)', () => {
    // Every node is its own dead end with no start: one start error, 10,000 dead ends capped to 200 + summary.
    const text = Array.from({ length: N }, (_, i) => `[M${i}](message){m}`).join('\n');
    const { value: items, ms } = timed(() => flowgraphLinesModule.createReader({ fileName: 'flat.txt' }).add(text, 1));
    const deadEnds = items[0]!.findings.filter((f) => f.validator === 'graph-dead-end');
    expect(deadEnds).toHaveLength(201);
    expect(deadEnds.at(-1)!.message).toBe('9,800 more findings of this kind are not listed (the first 200 are)');
    expect(ms).toBeLessThan(BUDGET_MS);
  });
});
