// Builders for the crafted inputs of the graph format tests (electron/core/formats/graphs).

/** A JSON node with `responsePathways` given as `[target, ...conditions]`. */
export function jsonNode(id: string, pathways: [string, ...string[]][] = [], fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    task_name: `Task ${id}`,
    responsePathways: pathways.map(([nextNodeId, ...conditions]) => ({
      nextNodeId,
      conditions: conditions.map((algebraicExpression) => ({ algebraicExpression })),
    })),
    ...fields,
  };
}

/** A tool returning the given fields (`name → description`), for `tools: [returning({...})]`. */
export function returning(fields: Record<string, string>, inputs: string[] = []): Record<string, unknown> {
  return {
    name: `Tool ${Object.keys(fields).join('+')}`,
    extractVars: inputs.map((variableName) => ({ variableName, type: 'string' })),
    responseData: Object.entries(fields).map(([name, context]) => ({ name, context })),
  };
}
