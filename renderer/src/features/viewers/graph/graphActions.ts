import { createContext, useContext } from 'react';

/** What a node or an edge label on the canvas can ask of the viewer. */
export interface GraphActions {
  /** Selects `node:<id>` or `edge:<key>` by a click on the canvas (so the view does not jump). */
  select(unit: string): void;
}

export const GraphActionsContext = createContext<GraphActions>({ select: () => undefined });

/** The viewer's actions, for canvas elements (React Flow renders them outside our props). */
export function useGraphActions(): GraphActions {
  return useContext(GraphActionsContext);
}
