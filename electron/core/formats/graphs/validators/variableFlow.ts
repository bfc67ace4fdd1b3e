import type { GraphAnalysis } from '../graphAnalysis';
import { reachableFrom } from '../graphIndex';
import type { SopGraphNode } from '../model';

/** Most 32-bit words of bitsets held at once (16 MB); more variables are processed in batches. */
export const MAX_WORDS = 4_000_000;

/**
 * Answers "does some node at or before `nodes[i]` on a path from the start provide variable
 * `bits[i]`?" for a list of questions, at once for the whole graph.
 *
 * Variables flow forward over the strongly connected components in topological order (a
 * component's nodes all come before each other), as bitsets over the `variableCount`
 * variables asked about: O((nodes + edges) × variableCount / 32) time. Memory stays under
 * {@link MAX_WORDS} words by taking the variables in batches when there are very many.
 * Nodes that no path from a start reaches provide nothing; with no start at all every node
 * counts (the missing start is its own finding, not a reason to flag every variable).
 *
 * @param provides calls `add(name)` for each variable a node provides.
 * @param bitOf the variable number (0 … variableCount-1) of each name asked about.
 * @param maxWords memory bound in 32-bit words (default {@link MAX_WORDS}); tests lower it to force batches.
 */
export function variablesAvailable(
  { index, starts, components }: GraphAnalysis,
  bitOf: Map<string, number>,
  questions: { nodes: number[]; bits: number[] },
  provides: (node: SopGraphNode, add: (name: string) => void) => void,
  maxWords = MAX_WORDS,
): Uint8Array {
  const answers = new Uint8Array(questions.nodes.length);
  const { componentOf, members } = components;
  const counts = starts.length > 0 ? reachableFrom(index, starts) : null;
  const batchBits = 32 * Math.max(1, Math.floor(maxWords / Math.max(1, members.length)));
  for (let low = 0; low < bitOf.size; low += batchBits) {
    const high = Math.min(bitOf.size, low + batchBits);
    const words = Math.ceil((high - low) / 32);
    const bits = new Uint32Array(members.length * words);
    // Tarjan lists components sinks first, so walking them backwards visits predecessors first.
    for (let c = members.length - 1; c >= 0; c--) {
      const own = c * words;
      const add = (name: string): void => {
        const bit = bitOf.get(name);
        if (bit === undefined || bit < low || bit >= high) return;
        const b = bit - low;
        bits[own + (b >>> 5)] |= 1 << (b & 31);
      };
      for (const v of members[c]!) if (!counts || counts[v]) provides(index.graph.nodes[v]!, add);
      for (const v of members[c]!) {
        for (const w of index.successors[v]!) {
          const next = componentOf[w]!;
          if (next === c) continue;
          const to = next * words;
          for (let k = 0; k < words; k++) bits[to + k] |= bits[own + k]!;
        }
      }
    }
    questions.bits.forEach((bit, q) => {
      if (bit < low || bit >= high) return;
      const b = bit - low;
      answers[q] = (bits[componentOf[questions.nodes[q]!]! * words + (b >>> 5)]! >>> (b & 31)) & 1;
    });
  }
  return answers;
}
