/** Strongly connected components of a directed graph given as successor lists. */
export interface Components {
  /** Per vertex: the number of its component (an index into `members`). */
  componentOf: Int32Array;
  /**
   * Vertices of each component. Components come in reverse topological order (Tarjan's order):
   * every edge between two components goes from a later one to an earlier one.
   */
  members: number[][];
}

/**
 * Tarjan's strongly connected components (Tarjan 1972, "Depth-first search and linear graph
 * algorithms", SIAM J. Comput. 1(2)), in O(V + E) with an explicit stack instead of recursion,
 * so a 10,000-node chain does not overflow the call stack.
 *
 * @example stronglyConnectedComponents([[1], [0, 2], []]).members // → [[2], [1, 0]]: 2 is a sink, 0 ⇄ 1 a cycle
 */
export function stronglyConnectedComponents(successors: number[][]): Components {
  const count = successors.length;
  const order = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const componentOf = new Int32Array(count).fill(-1);
  const members: number[][] = [];
  const stack: number[] = [];
  const frameVertex: number[] = [];
  const frameNext: number[] = [];
  let counter = 0;

  const enter = (v: number): void => {
    order[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    frameVertex.push(v);
    frameNext.push(0);
  };

  for (let root = 0; root < count; root++) {
    if (order[root] !== -1) continue;
    enter(root);
    while (frameVertex.length > 0) {
      const top = frameVertex.length - 1;
      const v = frameVertex[top]!;
      const next = successors[v]!;
      const i = frameNext[top]!;
      if (i < next.length) {
        frameNext[top] = i + 1;
        const w = next[i]!;
        if (order[w] === -1) enter(w);
        else if (onStack[w]) low[v] = Math.min(low[v]!, order[w]!);
        continue;
      }
      frameVertex.pop();
      frameNext.pop();
      if (low[v] === order[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          componentOf[w] = members.length;
          component.push(w);
        } while (w !== v);
        members.push(component);
      }
      if (frameVertex.length > 0) {
        const parent = frameVertex[frameVertex.length - 1]!;
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
    }
  }
  return { componentOf, members };
}
