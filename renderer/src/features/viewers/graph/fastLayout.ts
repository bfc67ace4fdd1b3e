import type { Box, GraphLayout, LayoutInput, Point } from './elkLayout';

/**
 * Above this many nodes a graph is laid out here instead of by ELK: ELK takes one to two
 * seconds on a 200-node procedure with its ~400 labelled edges, this layout a few
 * milliseconds, so a large graph opens at once, fitted. Smaller graphs keep ELK's tidier
 * routing, which they get in well under a second.
 */
export const FAST_LAYOUT_FROM = 81;

const MARGIN = 12;
/** Horizontal room between two boxes of a row (nodes, labels); a passing edge needs less. */
const BOX_GAP = 36;
const LINE_GAP = 12;
/** Half the width a long edge takes where it passes a row. */
const LINE_HALF = 2;
/** Vertical room between rows, and between the horizontal runs of edges that share a gap. */
const ROW_GAP = 14;
const TRACK_GAP = 10;
/** How far a self-loop (B → B) stands out from the right side of its node, and its height. */
const LOOP_OUT = 26;
const LOOP_HALF = 14;
/** Smallest distance between the points where several edges leave or enter one node. */
const PORT_STEP = 16;
const SWEEPS = 8;
const PLACEMENT_ROUNDS = 12;

type Kind = 'node' | 'label' | 'line';

/** A box of a row: a node, an edge's label, or a long edge passing a row. */
interface Element {
  kind: Kind;
  row: number;
  /** Extents left and right of the centre (a node with a self-loop reaches further right). */
  left: number;
  right: number;
  height: number;
  /** Elements of the rows above and below that an edge joins to this one. */
  up: number[];
  down: number[];
  x: number;
  /** Nodes: the node's id; labels: the edge key. */
  name: string;
}

/** One edge as a chain of elements down the rows, drawn from its first to its last. */
interface Chain {
  key: string;
  elements: number[];
  /** Drawn upwards: a back edge of a cycle, laid out downwards and turned round. */
  reversed: boolean;
  label: number | null;
}

/**
 * A layered (Sugiyama) layout, top to bottom, of the same shape as ELK's: cycles broken by a
 * depth-first search in model order, nodes ranked by longest path, each edge's label placed
 * as a box of its own in the row between two ranks (so labels never overlap nodes or each
 * other), rows ordered by barycentre sweeps keeping the order with the fewest crossings,
 * boxes placed by isotonic regression towards their neighbours (edges run straight where
 * they can), and edges routed orthogonally with their horizontal runs on separate tracks.
 * Edges whose ends are not nodes of the input, and repeated node ids, are left out.
 */
export function fastLayout(input: LayoutInput): GraphLayout {
  const elements: Element[] = [];
  const nodeIndex = new Map<string, number>();
  for (const node of input.nodes) {
    if (nodeIndex.has(node.id)) continue;
    nodeIndex.set(node.id, elements.length);
    elements.push({ kind: 'node', row: 0, left: node.width / 2, right: node.width / 2, height: node.height, up: [], down: [], x: 0, name: node.id });
  }
  const nodeCount = elements.length;
  const edges = input.edges.filter((e) => nodeIndex.has(e.source) && nodeIndex.has(e.target));
  const loops = edges.filter((e) => e.source === e.target);
  const links = edges.filter((e) => e.source !== e.target).map((e) => ({ edge: e, from: nodeIndex.get(e.source)!, to: nodeIndex.get(e.target)! }));

  // Self-loops stand out on the right of their node, their label beside them.
  const loopRoom = new Map<number, number>();
  for (const loop of loops) {
    const at = nodeIndex.get(loop.source)!;
    loopRoom.set(at, (loopRoom.get(at) ?? 0) + LOOP_OUT + (loop.label ? loop.label.width + 10 : 0));
  }
  for (const [at, room] of loopRoom) elements[at]!.right += room;

  const reversed = backEdges(nodeCount, links);
  const rank = longestPathRanks(
    nodeCount,
    links.map((l, i) => (reversed.has(i) ? { from: l.to, to: l.from } : { from: l.from, to: l.to })),
  );
  for (let i = 0; i < nodeCount; i++) elements[i]!.row = 2 * rank[i]!;

  // Each edge becomes a chain down the rows: its label in the first row after its upper end
  // (after its lower end, for an edge drawn upwards), a passing line in every other row.
  const chains: Chain[] = links.map((link, i) => {
    const back = reversed.has(i);
    const top = back ? link.to : link.from;
    const bottom = back ? link.from : link.to;
    const chain: Chain = { key: link.edge.key, elements: [top], reversed: back, label: null };
    const firstRow = elements[top]!.row + 1;
    const lastRow = elements[bottom]!.row - 1;
    const labelRow = link.edge.label ? (back ? lastRow : firstRow) : -1;
    for (let row = firstRow; row <= lastRow; row++) {
      const isLabel = row === labelRow;
      const half = isLabel ? link.edge.label!.width / 2 : LINE_HALF;
      chain.elements.push(elements.length);
      if (isLabel) chain.label = elements.length;
      elements.push({ kind: isLabel ? 'label' : 'line', row, left: half, right: half, height: isLabel ? link.edge.label!.height : 0, up: [], down: [], x: 0, name: link.edge.key });
    }
    chain.elements.push(bottom);
    for (let k = 1; k < chain.elements.length; k++) {
      elements[chain.elements[k - 1]!]!.down.push(chain.elements[k]!);
      elements[chain.elements[k]!]!.up.push(chain.elements[k - 1]!);
    }
    return chain;
  });

  const rows = orderRows(elements);
  placeColumns(elements, rows);
  return route(elements, rows, chains, nodeIndex, loops);
}

/** Edges (indices into `links`) that close a cycle, found depth-first from the nodes nothing enters, in model order. */
function backEdges(nodeCount: number, links: { from: number; to: number }[]): Set<number> {
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  const indegree = new Array<number>(nodeCount).fill(0);
  links.forEach((l, i) => {
    out[l.from]!.push(i);
    indegree[l.to]!++;
  });
  const state = new Uint8Array(nodeCount); // 0 new, 1 on the stack, 2 done
  const back = new Set<number>();
  const roots = [...Array(nodeCount).keys()].sort((a, b) => Number(indegree[a]! > 0) - Number(indegree[b]! > 0) || a - b);
  for (const root of roots) {
    if (state[root]) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [node, next] = top;
      if (next >= out[node]!.length) {
        state[node] = 2;
        stack.pop();
        continue;
      }
      top[1]++;
      const edge = out[node]![next]!;
      const target = links[edge]!.to;
      if (state[target] === 1) back.add(edge);
      else if (state[target] === 0) {
        state[target] = 1;
        stack.push([target, 0]);
      }
    }
  }
  return back;
}

/** Rank of every node in an acyclic graph: the length of the longest path reaching it. */
function longestPathRanks(nodeCount: number, links: { from: number; to: number }[]): number[] {
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  const indegree = new Array<number>(nodeCount).fill(0);
  for (const l of links) {
    out[l.from]!.push(l.to);
    indegree[l.to]!++;
  }
  const rank = new Array<number>(nodeCount).fill(0);
  const queue = [...Array(nodeCount).keys()].filter((i) => indegree[i] === 0);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const next of out[node]!) {
      rank[next] = Math.max(rank[next]!, rank[node]! + 1);
      if (--indegree[next]! === 0) queue.push(next);
    }
  }
  return rank;
}

/** The elements of each row, left to right: barycentre sweeps down and up, the order with fewest crossings kept. */
function orderRows(elements: Element[]): number[][] {
  const rowCount = Math.max(0, ...elements.map((e) => e.row)) + 1;
  let rows: number[][] = Array.from({ length: rowCount }, () => []);
  elements.forEach((e, i) => rows[e.row]!.push(i));
  const position = new Float64Array(elements.length);
  const index = () => rows.forEach((row) => row.forEach((e, i) => (position[e] = i)));
  index();
  const sortBy = (row: number[], neighbours: (e: Element) => number[]) => {
    const key = new Map<number, number>();
    for (const e of row) {
      const list = neighbours(elements[e]!);
      key.set(e, list.length === 0 ? position[e]! : list.reduce((sum, n) => sum + position[n]!, 0) / list.length);
    }
    row.sort((a, b) => key.get(a)! - key.get(b)! || position[a]! - position[b]!);
    row.forEach((e, i) => (position[e] = i));
  };
  let best = rows.map((r) => [...r]);
  let fewest = crossings(elements, rows, position);
  for (let sweep = 0; sweep < SWEEPS && fewest > 0; sweep++) {
    if (sweep % 2 === 0) for (let r = 1; r < rowCount; r++) sortBy(rows[r]!, (e) => e.up);
    else for (let r = rowCount - 2; r >= 0; r--) sortBy(rows[r]!, (e) => e.down);
    const count = crossings(elements, rows, position);
    if (count < fewest) {
      fewest = count;
      best = rows.map((r) => [...r]);
    }
  }
  rows = best;
  index();
  return rows;
}

/** Crossings between consecutive rows, counted pair by pair (a row holds a few dozen joins). */
function crossings(elements: Element[], rows: number[][], position: Float64Array): number {
  let total = 0;
  for (let r = 0; r + 1 < rows.length; r++) {
    const joins: [number, number][] = [];
    for (const e of rows[r]!) for (const d of elements[e]!.down) joins.push([position[e]!, position[d]!]);
    for (let i = 0; i < joins.length; i++) {
      for (let j = i + 1; j < joins.length; j++) {
        const [a1, b1] = joins[i]!;
        const [a2, b2] = joins[j]!;
        if ((a1 - a2) * (b1 - b2) < 0) total++;
      }
    }
  }
  return total;
}

/**
 * Horizontal centres: each row in turn pulled towards the mean of its neighbours' centres
 * (above, below, then both), keeping its order and spacing with the least squared movement
 * (pool-adjacent-violators). A passing line weighs more, so long edges stay straight.
 */
function placeColumns(elements: Element[], rows: number[][]): void {
  const gapBetween = (a: Element, b: Element) => (a.kind === 'line' && b.kind === 'line' ? LINE_GAP : a.kind === 'line' || b.kind === 'line' ? LINE_GAP + 6 : BOX_GAP);
  const offsets = rows.map((row) => {
    const o = [0];
    for (let i = 1; i < row.length; i++) o.push(o[i - 1]! + elements[row[i - 1]!]!.right + gapBetween(elements[row[i - 1]!]!, elements[row[i]!]!) + elements[row[i]!]!.left);
    return o;
  });
  rows.forEach((row, r) => {
    const o = offsets[r]!;
    const middle = (o.at(-1) ?? 0) / 2;
    row.forEach((e, i) => (elements[e]!.x = o[i]! - middle));
  });
  const place = (r: number, neighbours: (e: Element) => number[]) => {
    const row = rows[r]!;
    const o = offsets[r]!;
    const blocks: { sum: number; weight: number; count: number }[] = [];
    row.forEach((e, i) => {
      const el = elements[e]!;
      const list = neighbours(el);
      const wanted = list.length === 0 ? el.x : list.reduce((sum, n) => sum + elements[n]!.x, 0) / list.length;
      const weight = el.kind === 'line' ? 4 : 1;
      blocks.push({ sum: (wanted - o[i]!) * weight, weight, count: 1 });
      while (blocks.length > 1 && blocks[blocks.length - 2]!.sum / blocks[blocks.length - 2]!.weight > blocks[blocks.length - 1]!.sum / blocks[blocks.length - 1]!.weight) {
        const last = blocks.pop()!;
        const prev = blocks[blocks.length - 1]!;
        prev.sum += last.sum;
        prev.weight += last.weight;
        prev.count += last.count;
      }
    });
    let i = 0;
    for (const block of blocks) {
      const y = block.sum / block.weight;
      for (let k = 0; k < block.count; k++, i++) elements[row[i]!]!.x = y + o[i]!;
    }
  };
  for (let round = 0; round < PLACEMENT_ROUNDS; round++) {
    const both = round >= PLACEMENT_ROUNDS - 4;
    if (round % 2 === 0) for (let r = 1; r < rows.length; r++) place(r, both ? (e) => [...e.up, ...e.down] : (e) => e.up);
    else for (let r = rows.length - 2; r >= 0; r--) place(r, both ? (e) => [...e.up, ...e.down] : (e) => e.down);
  }
}

/** Rows stacked with room for the edges' horizontal runs, every edge routed, and the result in flow coordinates. */
function route(elements: Element[], rows: number[][], chains: Chain[], nodeIndex: Map<string, number>, loops: LayoutInput['edges']): GraphLayout {
  const minX = Math.min(0, ...elements.map((e) => e.x - e.left));
  const shiftX = MARGIN - minX;
  for (const e of elements) e.x += shiftX;

  // Where each edge leaves and enters a node: spread along its bottom and top in the order of
  // the other ends, so edges leaving one node do not start on top of each other.
  const portOut = new Map<string, number>();
  const portIn = new Map<string, number>();
  const spread = (node: Element, joins: { chain: Chain; other: number }[], ports: Map<string, number>) => {
    joins.sort((a, b) => elements[a.other]!.x - elements[b.other]!.x);
    const width = node.left * 2;
    const step = joins.length > 1 ? Math.min(PORT_STEP, (width - 40) / (joins.length - 1)) : 0;
    joins.forEach((j, k) => ports.set(j.chain.key + '\u0000' + j.chain.elements.join(','), node.x + (k - (joins.length - 1) / 2) * step));
  };
  const outs = new Map<number, { chain: Chain; other: number }[]>();
  const ins = new Map<number, { chain: Chain; other: number }[]>();
  for (const chain of chains) {
    const first = chain.elements[0]!;
    const last = chain.elements.at(-1)!;
    outs.set(first, [...(outs.get(first) ?? []), { chain, other: chain.elements[1]! }]);
    ins.set(last, [...(ins.get(last) ?? []), { chain, other: chain.elements.at(-2)! }]);
  }
  for (const [node, joins] of outs) spread(elements[node]!, joins, portOut);
  for (const [node, joins] of ins) spread(elements[node]!, joins, portIn);
  const chainId = (chain: Chain) => chain.key + '\u0000' + chain.elements.join(',');
  // The x at which a chain leaves element k downwards and reaches element k + 1.
  const xOut = (chain: Chain, k: number) => (k === 0 ? portOut.get(chainId(chain))! : elements[chain.elements[k]!]!.x);
  const xIn = (chain: Chain, k: number) => (k === chain.elements.length - 1 ? portIn.get(chainId(chain))! : elements[chain.elements[k]!]!.x);

  // Horizontal runs in each gap get tracks of their own where they overlap.
  const runs: { chain: Chain; k: number; lo: number; hi: number; track: number }[][] = rows.map(() => []);
  for (const chain of chains) {
    for (let k = 0; k + 1 < chain.elements.length; k++) {
      const a = xOut(chain, k);
      const b = xIn(chain, k + 1);
      if (Math.abs(a - b) < 1) continue;
      runs[elements[chain.elements[k]!]!.row]!.push({ chain, k, lo: Math.min(a, b), hi: Math.max(a, b), track: 0 });
    }
  }
  const trackCount = runs.map((gap) => {
    gap.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
    const ends: number[] = [];
    for (const run of gap) {
      let track = ends.findIndex((end) => end + 6 < run.lo);
      if (track < 0) track = ends.length;
      ends[track] = run.hi;
      run.track = track;
    }
    return ends.length;
  });

  const rowTop: number[] = [];
  const rowHeight = rows.map((row) => Math.max(0, ...row.map((e) => elements[e]!.height)));
  let y = MARGIN;
  rows.forEach((_row, r) => {
    rowTop.push(y);
    y += rowHeight[r]! + Math.max(2 * ROW_GAP, (trackCount[r]! + 1) * TRACK_GAP);
  });
  const trackY = new Map<string, number>();
  runs.forEach((gap, r) => {
    const top = rowTop[r]! + rowHeight[r]!;
    const room = (rowTop[r + 1] ?? top) - top;
    for (const run of gap) trackY.set(`${chainId(run.chain)}\u0000${run.k}`, top + (room * (run.track + 1)) / (trackCount[r]! + 1));
  });

  const boxOf = (e: Element, width: number): Box => ({ x: e.x - width / 2, y: rowTop[e.row]! + (rowHeight[e.row]! - e.height) / 2, width, height: e.height });
  const nodes = new Map<string, Box>();
  for (const [id, index] of nodeIndex) nodes.set(id, boxOf(elements[index]!, elements[index]!.left * 2));

  const edgeRoutes = new Map<string, { points: Point[]; label: Box | null }>();
  for (const chain of chains) {
    const first = nodes.get(elements[chain.elements[0]!]!.name)!;
    const last = nodes.get(elements[chain.elements.at(-1)!]!.name)!;
    let x = xOut(chain, 0);
    const points: Point[] = [{ x, y: first.y + first.height }];
    for (let k = 0; k + 1 < chain.elements.length; k++) {
      const next = xIn(chain, k + 1);
      const ty = trackY.get(`${chainId(chain)}\u0000${k}`);
      if (ty !== undefined) {
        points.push({ x, y: ty }, { x: next, y: ty });
        x = next;
      }
    }
    points.push({ x, y: last.y });
    const label = chain.label !== null ? boxOf(elements[chain.label]!, elements[chain.label]!.left * 2) : null;
    edgeRoutes.set(chain.key, { points: chain.reversed ? points.reverse() : points, label });
  }

  // Self-loops: out of the node's right side and back in, stacked outwards, labels beside.
  const loopsAt = new Map<string, number>();
  for (const loop of loops) {
    const box = nodes.get(loop.source)!;
    const before = loopsAt.get(loop.source) ?? 0;
    const out = box.x + box.width + before + LOOP_OUT;
    const cy = box.y + box.height / 2;
    const points = [
      { x: box.x + box.width, y: cy - LOOP_HALF },
      { x: out, y: cy - LOOP_HALF },
      { x: out, y: cy + LOOP_HALF },
      { x: box.x + box.width, y: cy + LOOP_HALF },
    ];
    const label = loop.label ? { x: out + 6, y: cy - loop.label.height / 2, width: loop.label.width, height: loop.label.height } : null;
    loopsAt.set(loop.source, before + LOOP_OUT + (loop.label ? loop.label.width + 10 : 0));
    edgeRoutes.set(loop.key, { points, label });
  }

  const width = Math.max(0, ...elements.map((e) => e.x + e.right)) + MARGIN;
  const last = rows.length - 1;
  return { width, height: last < 0 ? 2 * MARGIN : rowTop[last]! + rowHeight[last]! + MARGIN, nodes, edges: edgeRoutes };
}
