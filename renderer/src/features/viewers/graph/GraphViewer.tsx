import { Alert, Box, CircularProgress, LinearProgress, Typography, useTheme } from '@mui/material';
import { ReactFlowProvider } from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MONO_FONT } from '../../../theme/theme';
import type { ViewerProps } from '../types';
import { defaultEdgeTextMode, type EdgeTextMode } from './edgeText';
import type { Box as LayoutBox } from './elkLayout';
import { flowEdges, flowNodes, type Emphasis } from './flowElements';
import { GraphActionsContext, type GraphActions } from './graphActions';
import { GraphCanvas } from './GraphCanvas';
import { GraphLegend } from './GraphLegend';
import { GraphSearch } from './GraphSearch';
import { GraphToolbar } from './GraphToolbar';
import type { SopGraph } from './graphTypes';
import { graphView, layoutInputOf } from './graphView';
import { InspectorPanel, type InspectorTab } from './inspector/InspectorPanel';
import { useJourneys } from './journeys/useJourneys';
import { presentNodeTypes } from './nodeTypeStyle';
import { unitBox } from './unitBox';
import { useGraphKeys } from './useGraphKeys';
import { useGraphLayout } from './useGraphLayout';
import { startLayoutWorker } from './layoutEngine';
import { useViewportCommands } from './useViewportCommands';
import type { Viewport } from './viewport';

// The worker reads ELK's 1.6 MB script while the first graph is still being prepared.
startLayoutWorker();

/** Show the minimap from the start above this many nodes; below, the whole graph fits anyway. */
const MINIMAP_FROM = 25;
/** Width (px) from which the inspector is open from the start, beside a canvas wide enough. */
const WIDE_PANE = 1000;

/** Runs `action` once a layout change made now (the inspector opening) has reached the canvas. */
function afterResize(action: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(action));
}

/**
 * The SOP graph viewer (issue 3): the graph laid out (by ELK, a large one by fastLayout) and
 * first shown whole, conditions on the edges, findings pinned where they apply, a search box,
 * an inspector for the selected node or edge, and the journeys from start to end, highlighted
 * one at a time. Selection lives in the URL (`?unit=node:B`).
 */
export default function GraphViewer(props: ViewerProps) {
  const graph = props.item.payload as SopGraph | null;
  if (!graph || !Array.isArray(graph.nodes) || !Array.isArray(graph.edges)) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        This item’s payload is not an SOP graph (it has no node and edge lists). The Raw tab shows it as stored.
      </Alert>
    );
  }
  return (
    <ReactFlowProvider>
      <GraphReview {...props} graph={graph} />
    </ReactFlowProvider>
  );
}

/** Where the last selection made inside the viewer came from, to decide whether to move the view. */
type Origin = { unit: string | null; from: 'canvas' | 'panel' };

function GraphReview({ item, unit, onSelectUnit, graph, fill = false }: ViewerProps & { graph: SopGraph }) {
  const theme = useTheme();
  const hasConditions = defaultEdgeTextMode(graph.edges) === 'conditions';
  const hasLabels = graph.edges.some((e) => e.label?.trim());
  const [mode, setMode] = useState<EdgeTextMode>(hasConditions ? 'conditions' : 'labels');
  const view = useMemo(() => graphView(graph, item.findings, mode), [graph, item.findings, mode]);
  const fonts = useMemo(() => ({ code: MONO_FONT, text: String(theme.typography.fontFamily) }), [theme]);
  const input = useMemo(() => layoutInputOf(view, fonts), [view, fonts]);
  const { layout, pending, error, ms } = useGraphLayout(`${item.contentHash}|${mode}`, input);

  const journeys = useJourneys(item.id);
  const journeyList = journeys.data?.journeys;
  const [journeyIndex, setJourneyIndex] = useState<number | null>(null);
  const journey = journeyIndex !== null ? (journeyList?.[journeyIndex] ?? null) : null;
  const [panel, setPanel] = useState<InspectorTab>('details');
  const [minimap, setMinimap] = useState(graph.nodes.length > MINIMAP_FROM);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [inspectorOpen, setInspectorOpen] = useState(true);
  /** The canvas has its first size: the inspector's first state is decided. */
  const [sized, setSized] = useState(false);
  // In a narrow pane (the item page beside its findings, the labeling screen) the canvas gets
  // the room until something is selected; a wide one shows the inspector from the start.
  useLayoutEffect(() => {
    if ((rootRef.current?.clientWidth ?? WIDE_PANE) < WIDE_PANE && unit === null) setInspectorOpen(false);
    setSized(true);
    // Only the first render decides; afterwards the reviewer does.
  }, []);

  const selectedNode = unit?.kind === 'node' && view.nodeById.has(unit.id) ? unit.id : null;
  const selectedEdge = unit?.kind === 'edge' && view.edgeByKey.has(unit.id) ? unit.id : null;
  const unitText = selectedNode !== null ? `node:${selectedNode}` : selectedEdge !== null ? `edge:${selectedEdge}` : null;
  const emphasis: Emphasis = useMemo(() => ({ selectedNode, selectedEdge, journey }), [selectedNode, selectedEdge, journey]);
  const nodes = useMemo(() => (layout ? flowNodes(view, layout, emphasis) : []), [view, layout, emphasis]);
  const edges = useMemo(() => (layout ? flowEdges(view, layout, emphasis) : []), [view, layout, emphasis]);

  const canvasRef = useRef<HTMLDivElement | null>(null);
  const inspectorRef = useRef<HTMLElement | null>(null);
  const commands = useViewportCommands(layout, canvasRef, inspectorRef);
  const [flowReady, setFlowReady] = useState(false);
  const [ready, setReady] = useState(false);

  // The first view is the whole graph, fitted to the canvas as it will be painted (measured
  // before the first paint, once the inspector's state is decided) and handed to the canvas as
  // its starting viewport: the first frame is already fitted, and a large graph's nodes are
  // drawn once, not first at zoom 1 and again after a fit.
  const [firstView, setFirstView] = useState<Viewport | null>(null);
  useLayoutEffect(() => {
    if (sized && layout && !firstView) setFirstView(commands.fitView());
  }, [sized, layout, firstView, commands]);

  // Ready once drawn fitted, or centred on the unit a deep link names.
  useEffect(() => {
    if (!firstView || ready) return;
    const box = unitBox(unit, layout);
    if (box) {
      if (!flowReady) return;
      commands.centerOn(box, false);
    }
    setReady(true);
  }, [firstView, flowReady, layout, ready, unit, commands]);

  // A fitted view stays fitted while the canvas changes size (the split pane dragged, the
  // inspector opened, the window resized), until the reviewer moves it.
  useEffect(() => {
    const el = canvasRef.current;
    if (!el || !ready) return;
    const observer = new ResizeObserver(() => commands.refit());
    observer.observe(el);
    return () => observer.disconnect();
  }, [commands, ready]);

  // A unit selected from elsewhere (findings list, inspector, journey steps) is brought into
  // view; one clicked on the canvas is already in view, and the view stays put.
  const origin = useRef<Origin | null>(null);
  useEffect(() => {
    if (!ready) return;
    const local = origin.current;
    origin.current = null;
    if (local && local.unit === unitText && local.from === 'canvas') {
      // Already in view, unless the inspector just opened over its place: wait for the canvas
      // to take its new size, then look.
      const box = unitBox(unit, layout);
      if (box) afterResize(() => commands.reveal(box));
      return;
    }
    if (!local || local.unit !== unitText) setPanel('details');
    if (unitText) setInspectorOpen(true);
    const box = unitBox(unitText ? { kind: unitText.slice(0, 4), id: unitText.slice(5) } : null, layout);
    if (box) commands.centerOn(box);
    // Only a change of unit moves the view, not a new layout of the same selection.
  }, [unitText, ready]);

  const select = useCallback(
    (next: string | null, from: Origin['from']) => {
      origin.current = { unit: next, from };
      if (from === 'canvas') setPanel('details');
      if (next) setInspectorOpen(true);
      onSelectUnit(next);
    },
    [onSelectUnit],
  );
  const actions: GraphActions = useMemo(() => ({ select: (u) => select(u, 'canvas') }), [select]);
  const selectFromPanel = useCallback((u: string) => select(u, 'panel'), [select]);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const find = (id: string) => {
    // A node selected already is centred again; another is centred by the selection's effect.
    const box = layout?.nodes.get(id);
    if (box && unitText === `node:${id}`) commands.centerOn(box);
    select(`node:${id}`, 'panel');
  };

  const showJourney = useCallback(
    (index: number | null) => {
      setJourneyIndex(index);
      if (index === null || !layout || !journeyList?.[index]) return;
      setPanel('journeys');
      setInspectorOpen(true);
      const boxes = journeyList[index].nodes.map((id) => layout.nodes.get(id)).filter((b): b is LayoutBox => b !== undefined);
      // After the inspector (maybe just opened) has taken its room from the canvas.
      afterResize(() => commands.showBoxes(boxes));
    },
    [commands, journeyList, layout],
  );
  const stepJourney = useCallback(
    (delta: 1 | -1) => {
      const count = journeyList?.length ?? 0;
      if (count === 0) return;
      showJourney(journeyIndex === null ? (delta === 1 ? 0 : count - 1) : (journeyIndex + delta + count) % count);
    },
    [journeyIndex, journeyList, showJourney],
  );

  useGraphKeys(rootRef, {
    nextJourney: () => stepJourney(1),
    previousJourney: () => stepJourney(-1),
    escape: () => (unitText !== null ? select(null, 'panel') : setJourneyIndex(null)),
    fit: () => commands.fit(),
    zoomIn: commands.zoomIn,
    zoomOut: commands.zoomOut,
    toggleMinimap: () => setMinimap((m) => !m),
    toggleInspector: () => setInspectorOpen((open) => !open),
    search: () => searchRef.current?.focus(),
  });


  return (
    <GraphActionsContext.Provider value={actions}>
      {/* The outer box is the size container that the grid's @container rule queries. */}
      <Box sx={{ containerType: 'inline-size', ...(fill ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } : {}) }}>
        <Box
          ref={rootRef}
          data-testid="graph-viewer"
          data-ready={ready}
          data-layout-ms={ms ?? undefined}
          sx={{
            display: 'grid',
            gridTemplateColumns: inspectorOpen ? 'minmax(0, 1fr) 340px' : 'minmax(0, 1fr)',
            gridTemplateRows: 'auto minmax(0, 1fr)',
            // On the item page: the first screen under the item header, the page scrolls for
            // more. Filling a pane (labeling, adjudication): all of its height, no blank below.
            ...(fill ? { flex: 1, minHeight: 360 } : { height: 'max(540px, calc(100vh - 345px))' }),
            '@container (max-width: 900px)': { gridTemplateColumns: inspectorOpen ? 'minmax(0, 1fr) 300px' : 'minmax(0, 1fr)' },
            // Too narrow for two columns (a labeling screen's side, a small window): the
            // inspector floats over the canvas's right side instead of squeezing it.
            '@container (max-width: 700px)': {
              gridTemplateColumns: 'minmax(0, 1fr)',
              '& > aside': { gridColumn: 1, gridRow: 2, justifySelf: 'end', width: 'min(320px, 88%)', zIndex: 6, bgcolor: 'background.paper', boxShadow: 3 },
            },
            '--sop-mono': MONO_FONT,
          }}
        >
          <Box sx={{ gridColumn: '1 / -1', gridRow: 1 }}>
            <GraphToolbar
              legend={<GraphLegend types={presentNodeTypes(graph.nodes)} />}
              search={<GraphSearch ref={searchRef} nodes={view.nodes} onFind={find} />}
              edgeTextMode={mode}
              onEdgeTextMode={hasConditions && hasLabels ? setMode : null}
              journeyCount={journeyList?.length ?? null}
              journeyIndex={journeyIndex}
              onJourneyStep={stepJourney}
              onJourneyClear={() => setJourneyIndex(null)}
              minimap={minimap}
              onMinimap={() => setMinimap((m) => !m)}
              inspector={inspectorOpen}
              onInspector={() => setInspectorOpen((open) => !open)}
              onZoomIn={commands.zoomIn}
              onZoomOut={commands.zoomOut}
              onFit={() => commands.fit()}
            />
          </Box>
          <Box ref={canvasRef} sx={{ gridColumn: 1, gridRow: 2, position: 'relative', minHeight: 0, minWidth: 0 }} data-testid="graph-canvas">
            {pending && layout && <LinearProgress aria-label="Laying out the graph" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 5 }} />}
            {error && (
              <Alert severity="error" sx={{ position: 'absolute', top: 12, left: 12, right: 12, zIndex: 5 }}>
                The graph could not be laid out: {error}. The Raw tab shows it as stored.
              </Alert>
            )}
            {!layout && !error && (
              <Box role="status" sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
                <CircularProgress size={28} />
                <Typography variant="body2">Laying out {view.nodes.length} nodes…</Typography>
              </Box>
            )}
            {firstView && (
              <GraphCanvas
                initialView={firstView}
                aspect={layout ? layout.width / Math.max(1, layout.height) : 1}
                nodes={nodes}
                edges={edges}
                minimap={minimap && layout !== null}
                onPaneClick={() => unitText && select(null, 'canvas')}
                onEdgeClick={(key) => select(`edge:${key}`, 'canvas')}
                onNodeClick={(id) => select(`node:${id}`, 'canvas')}
                onInit={() => setFlowReady(true)}
                onUserMove={commands.moved}
              />
            )}
          </Box>
          {inspectorOpen && (
            <InspectorPanel
              ref={inspectorRef}
              tab={panel}
              onTab={setPanel}
              graph={graph}
              view={view}
              node={selectedNode !== null ? view.nodeById.get(selectedNode) : undefined}
              edge={selectedEdge !== null ? view.edgeByKey.get(selectedEdge) : undefined}
              journeys={journeys}
              journeyIndex={journeyIndex}
              onSelectJourney={showJourney}
              onSelectUnit={selectFromPanel}
            />
          )}
        </Box>
      </Box>
    </GraphActionsContext.Provider>
  );
}
