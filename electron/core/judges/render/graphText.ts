import type { SopGraph, SopGraphNode, SopTool } from '../../formats/graphs/model';

/**
 * An SOP graph as a judge reads it: title and description, then every node with its type,
 * description, steps, tools (inputs and returned fields) and where it goes next under which
 * conditions; transitions that come only from an edge list are listed after the nodes.
 */
export function graphText(graph: SopGraph): string {
  const head = [
    `Procedure: ${graph.title ?? graph.id ?? '(untitled)'}`,
    ...(graph.description ? [`Description: ${graph.description}`] : []),
    ...(graph.domain ? [`Domain: ${graph.domain}`] : []),
    `Nodes: ${graph.nodes.length}, transitions: ${graph.edges.length}`,
  ].join('\n');
  const nodes = graph.nodes.map((node) => nodeText(graph, node)).join('\n\n');
  const drawnFromPathways = new Set(graph.nodes.flatMap((n) => (n.pathways.length > 0 ? [n.id] : [])));
  const otherEdges = graph.edges.filter((e) => !drawnFromPathways.has(e.source));
  const edges =
    otherEdges.length === 0
      ? ''
      : `\n\nTransitions:\n${otherEdges
          .map((e) => `- ${e.id ?? e.key}: node ${e.source} → node ${e.target}${e.label ? ` — ${e.label}` : ''}${conditionsText(e.conditions)}`)
          .join('\n')}`;
  return `${head}\n\n${nodes}${edges}`;
}

/** One node with everything a reviewer checks. */
export function nodeText(graph: SopGraph, node: SopGraphNode): string {
  const name = node.name ? ` "${node.name}"` : '';
  const lines = [`Node ${node.id}${name} [${node.sourceType ?? node.type}]`];
  if (node.description) lines.push(`  Description: ${node.description}`);
  if (node.steps.length > 0) lines.push('  Steps:', ...node.steps.map((s) => `    - ${s}`));
  for (const tool of node.tools) lines.push(...toolLines(tool));
  if (node.pathways.length > 0) {
    lines.push('  Next:');
    for (const p of node.pathways) lines.push(`    → node ${p.nextNodeId}${conditionsText(p.conditions.map((c) => c.expression))}`);
  } else if (!graph.edges.some((e) => e.source === node.id)) {
    lines.push('  Next: (none — the procedure ends here)');
  }
  return lines.join('\n');
}

function toolLines(tool: SopTool): string[] {
  const call = [tool.method, tool.url].filter(Boolean).join(' ');
  const lines = [`  Tool: ${tool.name ?? '(unnamed)'}${call ? ` (${call})` : ''}${tool.description ? ` — ${tool.description}` : ''}`];
  if (tool.condition) lines.push(`    called when: ${tool.condition}`);
  if (tool.inputs.length > 0) {
    lines.push(`    inputs: ${tool.inputs.map((i) => `${i.name}${i.type ? ` (${i.type})` : ''}`).join(', ')}`);
  }
  if (tool.responses.length > 0) {
    lines.push(
      `    returns: ${tool.responses
        .map((r) => `${r.name}${r.type ? ` (${r.type})` : ''}${r.allowedValues ? ` one of ${r.allowedValues.map((v) => `'${v}'`).join(', ')}` : ''}`)
        .join('; ')}`,
    );
  }
  return lines;
}

function conditionsText(conditions: readonly string[]): string {
  return conditions.length === 0 ? ' (always)' : ` when ${conditions.join(' and ')}`;
}
