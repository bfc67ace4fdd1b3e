import AddRounded from '@mui/icons-material/AddRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import FitScreenOutlined from '@mui/icons-material/FitScreenOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import { Box, IconButton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatCount, plural } from '../../../common/format';
import type { EdgeTextMode } from './edgeText';
import { GRAPH_KEYS } from './useGraphKeys';

interface Props {
  /** The legend, drawn first. */
  legend: ReactNode;
  /** The node search box. */
  search: ReactNode;
  edgeTextMode: EdgeTextMode;
  /** Null when the graph has only one kind of edge text. */
  onEdgeTextMode: ((mode: EdgeTextMode) => void) | null;
  journeyCount: number | null;
  journeyIndex: number | null;
  onJourneyStep(delta: 1 | -1): void;
  onJourneyClear(): void;
  minimap: boolean;
  onMinimap(): void;
  inspector: boolean;
  onInspector(): void;
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
}

/** Above the canvas: the legend, edge text, journey stepping, zoom and fit, the minimap, the keys. */
export function GraphToolbar(props: Props) {
  const { journeyCount, journeyIndex } = props;
  return (
    <Box
      role="toolbar"
      aria-label="Graph view"
      sx={{ display: 'flex', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, flexWrap: 'wrap', px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}
    >
      {props.legend}
      {props.onEdgeTextMode && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={props.edgeTextMode}
          onChange={(_e, mode: EdgeTextMode | null) => mode && props.onEdgeTextMode?.(mode)}
          aria-label="Text on edges"
          sx={{ '& .MuiToggleButton-root': { py: 0.25, px: 1.25, fontSize: 12.5, textTransform: 'none' } }}
        >
          <ToggleButton value="conditions">Conditions</ToggleButton>
          <ToggleButton value="labels">Labels</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Box sx={{ flex: 1 }} />
      {props.search}
      {journeyCount !== null && journeyCount > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center' }} aria-label="Journeys" role="group">
          <Tooltip title="Previous journey  [">
            <IconButton size="small" aria-label="Previous journey" onClick={() => props.onJourneyStep(-1)}>
              <ChevronLeftRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          <Typography variant="body2" data-testid="journey-position" sx={{ px: 0.5, textAlign: 'center', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: journeyIndex === null ? 'text.secondary' : 'text.primary', fontWeight: journeyIndex === null ? 400 : 600 }}>
            {journeyIndex === null ? plural(journeyCount, 'journey') : `Journey ${formatCount(journeyIndex + 1)} of ${formatCount(journeyCount)}`}
          </Typography>
          <Tooltip title="Next journey  ]">
            <IconButton size="small" aria-label="Next journey" onClick={() => props.onJourneyStep(1)}>
              <ChevronRightRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          {journeyIndex !== null && (
            <Tooltip title="Stop highlighting  Esc">
              <IconButton size="small" aria-label="Stop highlighting the journey" onClick={props.onJourneyClear}>
                <CloseRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center' }} role="group" aria-label="View">
        <Tooltip title="Zoom out  −">
          <IconButton size="small" aria-label="Zoom out" onClick={props.onZoomOut}>
            <RemoveRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Zoom in  +">
          <IconButton size="small" aria-label="Zoom in" onClick={props.onZoomIn}>
            <AddRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Fit the whole graph  F">
          <IconButton size="small" aria-label="Fit the whole graph" onClick={props.onFit}>
            <FitScreenOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={props.minimap ? 'Hide the minimap  M' : 'Show the minimap  M'}>
          <IconButton size="small" aria-label="Minimap" aria-pressed={props.minimap} onClick={props.onMinimap} color={props.minimap ? 'primary' : 'default'}>
            <MapOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={props.inspector ? 'Hide the inspector  I' : 'Show the inspector  I'}>
          <IconButton size="small" aria-label="Inspector" aria-pressed={props.inspector} onClick={props.onInspector} color={props.inspector ? 'primary' : 'default'}>
            <ViewSidebarOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip
          title={
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
              {GRAPH_KEYS.map(([keys, what]) => (
                <Box key={keys} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 700 }}>
                    {keys}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {what}
                  </Box>
                </Box>
              ))}
            </Box>
          }
        >
          <IconButton size="small" aria-label="Keyboard shortcuts">
            <KeyboardOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
