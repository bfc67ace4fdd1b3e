import fs from 'node:fs';
import { mulberry32 } from '../../electron/core/stats/prng';

/** A node of the generated node/edge JSON (the shape of fixtures/formats/sop-graph.json). */
interface JsonNode {
  id: string;
  task_name: string;
  task_description: string;
  steps: string[];
  tools: unknown[];
  responsePathways: { conditions: { algebraicExpression: string }[]; nextNodeId: string }[];
}


const VERBS = ['Verify', 'Check', 'Look up', 'Confirm', 'Offer', 'Explain', 'Escalate', 'Collect', 'Update', 'Review'];
const OBJECTS = ['identity', 'order status', 'refund eligibility', 'delivery address', 'payment method', 'warranty', 'account flags', 'return label', 'store credit', 'replacement stock'];
// A node has at most 7 pathways: one per node of the next stage it must enter (≤ 5) plus 2 extra.
const OUTCOMES = ['ok', 'retry', 'manual', 'denied', 'partial', 'pending', 'expired', 'blocked'];

/**
 * A valid, acyclic SOP graph in the node/edge JSON format with `nodeCount` nodes (at least 3):
 * one start, one end, stages of about four nodes, each node calling one tool whose `status`
 * response decides between one to three pathways into the next two stages. Every node is
 * reachable and reaches the end, so it validates without findings and the viewer draws it
 * as a reviewer would meet a large procedure. Deterministic for a given seed.
 */
export function generateSopGraph(nodeCount: number, seed = 7): { title: string; description: string; nodes: JsonNode[]; edges: unknown[] } {
  if (nodeCount < 3) throw new Error(`nodeCount must be at least 3, got ${nodeCount}`);
  // Mulberry32, so every run draws the same graph.
  const rand = mulberry32(seed);
  const ids = Array.from({ length: nodeCount }, (_v, i) => `n${i + 1}`);
  // Stage 0 is the start, the last stage the end; the inner nodes fill stages of 2–5.
  const stages: string[][] = [[ids[0]!]];
  let next = 1;
  while (next < nodeCount - 1) {
    const width = Math.min(2 + Math.floor(rand() * 4), nodeCount - 1 - next);
    stages.push(ids.slice(next, next + width));
    next += width;
  }
  stages.push([ids[nodeCount - 1]!]);

  const nodes: JsonNode[] = [];
  const edges: unknown[] = [];
  const incoming = new Set<string>();
  stages.forEach((stage, s) => {
    stage.forEach((id, k) => {
      const isEnd = s === stages.length - 1;
      const status = `status${id.slice(1)}`;
      const targets = new Set<string>();
      if (!isEnd) {
        const after = stages[s + 1]!;
        // Keep every node of the next stage entered: node k of this stage feeds node k there.
        targets.add(after[k % after.length]!);
        if (k === stage.length - 1) for (const rest of after.slice(stage.length)) targets.add(rest);
        const extra = Math.floor(rand() * 3);
        for (let x = 0; x < extra; x++) {
          const pool = stages[Math.min(s + 1 + Math.floor(rand() * 2), stages.length - 1)]!;
          targets.add(pool[Math.floor(rand() * pool.length)]!);
        }
      }
      const verb = VERBS[Math.floor(rand() * VERBS.length)]!;
      const object = OBJECTS[Math.floor(rand() * OBJECTS.length)]!;
      const outcomes = OUTCOMES.slice(0, Math.max(targets.size, 1));
      const pathways = [...targets].map((target, t) => ({
        conditions: targets.size > 1 ? [{ algebraicExpression: `{${status}} == '${outcomes[t]}'` }] : [],
        nextNodeId: target,
      }));
      for (const p of pathways) {
        incoming.add(p.nextNodeId);
        edges.push({ source: id, target: p.nextNodeId, label: p.conditions.length ? `${object}: ${outcomes[pathways.indexOf(p)]}` : 'continue' });
      }
      nodes.push({
        id,
        task_name: s === 0 ? 'Greet and identify the customer' : isEnd ? 'Close the conversation' : `${verb} ${object}`,
        task_description:
          s === 0
            ? 'Greet the customer and find their account before anything else.'
            : isEnd
              ? 'Summarise what was done and close the conversation.'
              : `${verb} the customer's ${object} before going on (stage ${s}, node ${k + 1}).`,
        steps: [`Step 1: ${verb} the ${object}.`, `Step 2: Call ${verb} ${object} Service.`],
        tools: isEnd
          ? []
          : [
              {
                name: `${verb} ${object} Service`,
                method: 'POST',
                url: `https://api.example/${id}`,
                tool_description: `${verb} the ${object}.`,
                condition: null,
                extractVars: [{ variableName: 'customerId', type: 'string', description: 'customerId (string): the customer id.' }],
                responseData: [{ name: status, context: `${status} (string): one of ${outcomes.map((o) => `'${o}'`).join(', ')}.` }],
              },
            ],
        responsePathways: pathways,
      });
    });
  });
  const unentered = ids.slice(1).filter((id) => !incoming.has(id));
  if (unentered.length) throw new Error(`generator bug: nodes never entered: ${unentered.join(', ')}`);
  return { title: `Generated procedure, ${nodeCount} nodes`, description: 'A large synthetic SOP graph for scale tests.', nodes, edges };
}

/** Writes {@link generateSopGraph} to `file` as pretty JSON; returns the file. */
export function writeSopGraph(file: string, nodeCount: number, seed = 7): string {
  fs.writeFileSync(file, `${JSON.stringify(generateSopGraph(nodeCount, seed), null, 2)}\n`);
  return file;
}
