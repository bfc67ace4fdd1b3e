import { Box, Chip } from '@mui/material';
import { useMemo } from 'react';
import type { Finding, Plan, PlanDiff, PlanStep } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { lineageRows, type LineageRow } from './lineageRows';
import { STATE_COLOR } from './planColors';
import { findingsByStep } from './planFindings';
import { dependencyOrder, firstIndexById } from './planSteps';
import { PromptDiff } from './PromptDiff';
import { StepCard, type StepDecoration } from './StepCard';
import type { RefContext } from './StepRefLink';
import { ToolBadge } from './ToolBadge';
import { usePlanFocus } from './usePlanFocus';

interface Props {
  from: Plan;
  to: Plan;
  diff: PlanDiff;
  /** 0-based position of `to` in the lineage. */
  version: number;
  findings: readonly Finding[];
  query: string | null;
}

/**
 * A lineage version as a diff against the version before it: each step marked added, changed
 * (with the prompt's words diffed and what else changed) or unchanged, and the steps it
 * dropped shown struck through where they used to be.
 */
export function LineageDiffList({ from, to, diff, version, findings, query }: Props) {
  const scope = `version-${version}`;
  const focus = usePlanFocus(to.steps, scope);
  const rows = useMemo(() => lineageRows(diff, dependencyOrder(to.steps)), [diff, to.steps]);
  const byStep = useMemo(() => findingsByStep(findings, { kind: 'version', version }), [findings, version]);
  const fromById = useMemo(() => firstIndexById(from.steps), [from.steps]);
  const inert: RefContext = useMemo(
    () => ({ stepOf: (id) => from.steps[fromById.get(id) ?? -1], onHover: () => undefined, onFollow: () => undefined }),
    [from.steps, fromById],
  );

  return (
    <Box ref={focus.rootRef} data-testid="lineage-diff" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.map((row) => {
        if (row.kind === 'removed') {
          const step = from.steps[row.from];
          return (
            <StepCard
              key={`removed-${row.from}`}
              step={step}
              byId={fromById}
              refs={inert}
              query={query}
              findings={[]}
              selected={false}
              highlighted={false}
              scope={`${scope}-removed`}
              decoration={{ state: 'removed', accent: STATE_COLOR.removed, ghost: true, status: <DiffChip kind="removed" label={`removed (was step ${step.id})`} /> }}
            />
          );
        }
        const step = to.steps[row.to];
        return (
          <StepCard
            key={`to-${row.to}`}
            step={step}
            byId={focus.byId}
            refs={focus.refs}
            query={query}
            findings={byStep.get(step.id) ?? []}
            selected={focus.selectedIndex === row.to}
            highlighted={focus.hovered === row.to}
            scope={scope}
            decoration={decorationOf(row, step, from)}
            onSelect={() => focus.toggle(step.id)}
          />
        );
      })}
    </Box>
  );
}

function decorationOf(row: Exclude<LineageRow, { kind: 'removed' }>, step: PlanStep, from: Plan): StepDecoration {
  if (row.kind === 'added') return { state: 'added', accent: STATE_COLOR.added, status: <DiffChip kind="added" label="added" /> };
  const before = from.steps[row.from];
  const renumbered = before.id !== step.id ? `was step ${before.id}` : null;
  if (row.kind === 'unchanged') {
    return { state: 'unchanged', accent: STATE_COLOR.unchanged, dim: true, status: <DiffChip kind="unchanged" label={renumbered ? `unchanged · ${renumbered}` : 'unchanged'} /> };
  }
  const notes: string[] = [];
  if (renumbered) notes.push(renumbered);
  if (row.changes.includes('depends_on')) notes.push(`depends_on ${list(before.dependsOn)} → ${list(step.dependsOn)}`);
  if (row.changes.includes('arguments')) notes.push(`input ${list(before.arguments)} → ${list(step.arguments)}`);
  return {
    state: 'changed',
    accent: STATE_COLOR.changed,
    status: <DiffChip kind="changed" label={`changed: ${row.changes.map((c) => CHANGE_LABEL[c]).join(', ')}`} />,
    prompt: row.changes.includes('prompt') ? <PromptDiff before={before.prompt} after={step.prompt} /> : undefined,
    tool: row.changes.includes('tool') ? (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} aria-label={`tool was ${before.tool ?? 'none'}, now ${step.tool ?? 'none'}`}>
        <ToolBadge tool={before.tool} struck />
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
          →
        </Box>
        <ToolBadge tool={step.tool} />
      </Box>
    ) : undefined,
    note: notes.length ? (
      <Box component="span" data-testid="change-note" sx={{ fontFamily: MONO_FONT, fontSize: 12 }}>
        {notes.join(' · ')}
      </Box>
    ) : undefined,
  };
}

const CHANGE_LABEL = { tool: 'tool', prompt: 'prompt', arguments: 'input', depends_on: 'depends_on' } as const;

function list(values: string[]): string {
  return values.length ? `[${values.join(', ')}]` : '[]';
}

function DiffChip({ kind, label }: { kind: 'added' | 'removed' | 'changed' | 'unchanged'; label: string }) {
  const color = kind === 'unchanged' ? '#5b6878' : STATE_COLOR[kind];
  return (
    <Chip
      size="small"
      variant={kind === 'unchanged' ? 'outlined' : 'filled'}
      label={label}
      data-testid="diff-state"
      sx={{
        height: 22,
        fontSize: 12,
        fontWeight: 600,
        color: kind === 'unchanged' ? color : '#fff',
        bgcolor: kind === 'unchanged' ? 'transparent' : color,
        borderColor: kind === 'unchanged' ? '#c4ccd5' : undefined,
      }}
    />
  );
}
