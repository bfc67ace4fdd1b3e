import { describe, expect, it } from 'vitest';
import { flowgraphLinesModule } from './flowgraphLinesModule';
import { enumerateJourneys } from './journeys';
import { parseSopGraphJson } from './parseSopGraphJson';
import { sopGraphJsonModule } from './sopGraphJsonModule';
import type { SopGraph } from './model';
import { validateGraph } from './validators/validateGraph';

const N = 10_000;
/**
 * How much longer the work may take on N nodes than on N/4: about 4 when it is linear (n log n,
 * 4.6), 16 when it is quadratic; 10 leaves room for a collection that lands in every run of one
 * size (a bound of 8 failed once in CI at 8.6 on a linear check whose N/4 run takes ~14 ms). A
 * ratio, not a time budget: speed targets live in `npm run bench`, and on a shared 2-core machine
 * an absolute budget failed a linear run (1,073 ms against 1,000, 671 ms alone).
 */
const MAX_GROWTH = 10;
/** The shortest time the N/4 run is taken to have (ms): below it, timer and scheduler noise would rule the ratio. */
const FLOOR_MS = 5;
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

/** CPU milliseconds the work took (a shared machine: waiting for a core is not counted). */
function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const cpu = process.cpuUsage(start);
  return (cpu.user + cpu.system) / 1000;
}

/**
 * The work on `n` nodes and on n/4, each input made outside the timing, each size timed as the
 * least of a few runs (a collection or a compilation in one run is not the work's growth); what
 * the run on `n` returned, and how many times longer it took than on n/4.
 */
function growth<I, T>(n: number, input: (n: number) => I, work: (input: I) => T): { value: T; ratio: number } {
  const quarter = input(n / 4);
  const small = Math.min(...[0, 1, 2, 3, 4].map(() => cpuMs(() => work(quarter))));
  const whole = input(n);
  let value!: T;
  const large = Math.min(...[0, 1, 2].map(() => cpuMs(() => (value = work(whole)))));
  return { value, ratio: large / Math.max(small, FLOOR_MS) };
}

describe('a 10,000-node graph', () => {
  // Compile the code paths once on a small graph, as any earlier import would have.
  sopGraphJsonModule.createReader({ fileName: 'warm.json' }).add(ladderGraph(500), 1);

  it('JSON: parses, validates and counts journeys through the module in linear time, with no findings', () => {
    const { value: items, ratio } = growth(N, ladderGraph, (record) => sopGraphJsonModule.createReader({ fileName: 'ladder.json' }).add(record, 1));
    console.info(`10,000-node JSON graph: parsed, validated and journeys counted in ${ratio.toFixed(1)}× the time of 2,500 nodes`);
    expect(items[0]!.findings).toEqual([]);
    expect(items[0]!.metadata).toMatchObject({ nodeCount: N, edgeCount: 2 * N - 3, journeyCount: 1000, journeysCapped: true });
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('JSON: a 10,000-deep chain where every condition reads the variable of the node before (10,000 distinct variables)', () => {
    const chain = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `c${i}`,
        tools: [{ name: `T${i}`, responseData: [{ name: `v${i}`, context: `v${i} (int)` }] }],
        responsePathways: i + 1 < n ? [{ nextNodeId: `c${i + 1}`, conditions: [{ algebraicExpression: `{v${i}} > 0 && {v${Math.max(0, i - 1)}} >= 0` }] }] : [],
      }));
    const nodes = chain(N);
    const { value: findings, ratio } = growth(N, chain, (input) => validateGraph(parseSopGraphJson({ nodes: input }, 1).graph));
    expect(findings).toEqual([]);
    expect(ratio).toBeLessThan(MAX_GROWTH);
    // Journeys walk the whole depth without recursion.
    const journeys = enumerateJourneys(parseSopGraphJson({ nodes }, 1).graph);
    expect(journeys.journeys).toHaveLength(1);
    expect(journeys.journeys[0]!.nodes).toHaveLength(N);
  });

  it('line format: parses and validates a 10,000-node flowgraph with loops in linear time', () => {
    const flowgraph = (n: number) => {
      const lines = ['[N0](start_message){hello}'];
      for (let i = 1; i < n - 1; i++) lines.push(`[N${i}](${i % 2 ? 'api' : 'message'}){step ${i}}`);
      lines.push(`[N${n - 1}](end_message){bye}`);
      for (let i = 0; i < n - 1; i++) lines.push(`[E${i % 7}](N${i}, N${i + 1}){next}`);
      // A retry loop every 100 nodes: 99 cycles on 10,000, reported as info.
      for (let i = 100; i < n; i += 100) lines.push(`[R](N${i}, N${i - 1}){retry}`);
      return lines.join('\n');
    };
    const { value: items, ratio } = growth(N, flowgraph, (text) => flowgraphLinesModule.createReader({ fileName: 'big.txt' }).add(text, 1));
    const graph = items[0]!.payload as SopGraph;
    expect(graph.nodes).toHaveLength(N);
    expect(items[0]!.findings.filter((f) => f.validator === 'graph-cycle')).toHaveLength(99);
    expect(items[0]!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(items[0]!.metadata).toMatchObject({ journeyCount: 1, journeysCapped: false });
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('reports 10,000 problems in linear time and in capped form (every node unreachable from a start-less graph is not re-flagged)', () => {
    // Every node is its own dead end with no start: one start error, 10,000 dead ends capped to 200 + summary.
    const flat = (n: number) => Array.from({ length: n }, (_, i) => `[M${i}](message){m}`).join('\n');
    const { value: items, ratio } = growth(N, flat, (text) => flowgraphLinesModule.createReader({ fileName: 'flat.txt' }).add(text, 1));
    const deadEnds = items[0]!.findings.filter((f) => f.validator === 'graph-dead-end');
    expect(deadEnds).toHaveLength(201);
    expect(deadEnds.at(-1)!.message).toBe('9,800 more findings of this kind are not listed (the first 200 are)');
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });
});
