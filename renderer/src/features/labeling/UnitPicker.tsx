import { Box, ButtonBase, Tooltip, Typography } from '@mui/material';
import { KeyCap } from './KeyCap';
import type { UnitEntry } from './unitList';

/** How far a unit's questions are answered. */
export type UnitState = 'done' | 'partial' | 'empty';

const NOUN = { node: ['node', 'nodes'], step: ['step', 'steps'], turn: ['turn', 'turns'] } as const;

interface Props {
  scope: 'node' | 'step' | 'turn';
  units: UnitEntry[];
  states: Map<string, UnitState>;
  selected: string | null;
  onSelect(unit: string): void;
}

/**
 * The units the per-unit questions are asked about (plan steps, graph nodes, turns): which is
 * selected — in step with the viewer — and which are already labeled. `[` and `]` move.
 */
export function UnitPicker({ scope, units, states, selected, onSelect }: Props) {
  const done = units.filter((u) => states.get(u.key) === 'done').length;
  // An Agent-S session's turns are the steps of its execution memory, and are named so (unitList.ts).
  const noun = scope === 'turn' && units.length > 0 && units.every((u) => u.label.startsWith('Step ')) ? 'steps' : NOUN[scope][1];
  return (
    <Box component="nav" aria-label={`${noun} to label`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {noun}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="units-done">
          {done} of {units.length} labeled
        </Typography>
        <Box sx={{ flex: 1 }} />
        <KeyCap k="[" />
        <KeyCap k="]" />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 124, overflowY: 'auto' }}>
        {units.map((unit) => {
          const state = states.get(unit.key) ?? 'empty';
          const isSelected = unit.key === selected;
          return (
            <Tooltip key={unit.key} title={unit.detail ? `${unit.label} · ${unit.detail}` : unit.label} disableInteractive>
              <ButtonBase
                aria-pressed={isSelected}
                aria-label={`${unit.label}${state === 'done' ? ', labeled' : state === 'partial' ? ', partly labeled' : ''}`}
                data-testid="unit-chip"
                data-unit={unit.key}
                data-state={state}
                onClick={() => onSelect(unit.key)}
                sx={{
                  gap: 0.5,
                  px: 1,
                  height: 26,
                  borderRadius: 13,
                  border: 1,
                  fontSize: 12.5,
                  fontWeight: isSelected ? 700 : 500,
                  borderColor: isSelected ? 'primary.main' : state === 'done' ? '#b7d9c4' : 'divider',
                  bgcolor: isSelected ? 'primary.main' : state === 'done' ? 'success.light' : 'background.paper',
                  color: isSelected ? 'primary.contrastText' : 'text.primary',
                }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 7,
                    height: 7,
                    borderRadius: '50%',
                    border: 1.5,
                    borderColor: isSelected ? 'primary.contrastText' : state === 'empty' ? '#aab4c0' : 'success.main',
                    bgcolor: state === 'done' ? (isSelected ? 'primary.contrastText' : 'success.main') : state === 'partial' ? 'transparent' : 'transparent',
                    background: state === 'partial' && !isSelected ? 'linear-gradient(90deg, #2e7d4f 50%, transparent 50%)' : undefined,
                  }}
                />
                {unit.label.replace(/^(Step|Turn) /, '')}
                {unit.detail && scope !== 'node' && (
                  <Box component="span" sx={{ opacity: 0.7, fontWeight: 500 }}>
                    {unit.detail}
                  </Box>
                )}
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
    </Box>
  );
}
