import { Box, ButtonBase, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Finding, PlanStep } from '../../../../../electron/api/artifacts';
import { jsonAsWritten } from '../../../../../electron/common/numbersAsWritten';
import { SEVERITY_ICON } from '../../../common/FindingCounts';
import { MONO_FONT } from '../../../theme/theme';
import { useNumbersAsWritten } from '../numbersAsWritten';
import { refStatus } from './planSteps';
import { PromptText } from './PromptText';
import { StepRefLink, type RefContext } from './StepRefLink';
import { ToolBadge } from './ToolBadge';

/** How a view marks a card: a match against gold, or a change between lineage versions. */
export interface StepDecoration {
  /** `data-state` for tests and the colour of the left edge. */
  state: string;
  accent: string;
  /** Shown at the top right (e.g. "= gold 2", "changed: prompt"). */
  status?: ReactNode;
  /** Replaces the prompt (a word diff). */
  prompt?: ReactNode;
  /** Replaces the tool badge (a tool change). */
  tool?: ReactNode;
  /** A quiet line under the prompt (what changed besides the prompt). */
  note?: ReactNode;
  /** A step that is gone: dashed and faded. */
  ghost?: boolean;
  /** A step that did not change: its prompt in a quieter colour, so the changes stand out. */
  dim?: boolean;
}

interface Props {
  step: PlanStep;
  byId: ReadonlyMap<string, number>;
  refs: RefContext;
  query: string | null;
  findings: Finding[];
  selected: boolean;
  /** Pointed at from elsewhere (a placeholder, the overview, the matched step opposite). */
  highlighted: boolean;
  /** Which plan the card belongs to: `plan`, `gold`, `version-2`… */
  scope: string;
  decoration?: StepDecoration;
  onSelect?(): void;
  onHover?(hovering: boolean): void;
}

/**
 * One plan step: its id, tool, inputs and `depends_on`, the prompt with its placeholders
 * linked, and the findings about it. Clicking the card selects the step.
 */
export function StepCard({ step, byId, refs, query, findings, selected, highlighted, scope, decoration, onSelect, onHover }: Props) {
  const inputs = step.arguments.filter((a) => a.trim() !== '[]' && a.trim() !== '');
  const worst = findings.some((f) => f.severity === 'error') ? 'error' : findings.some((f) => f.severity === 'warning') ? 'warning' : null;
  return (
    <Box
      data-testid="plan-step"
      data-scope={scope}
      data-step-id={step.id}
      data-step-index={step.index}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      data-state={decoration?.state}
      role="group"
      aria-label={`Step ${step.id}${step.tool ? ` · ${step.tool}` : ''}`}
      onMouseEnter={() => onHover?.(true)}
      onMouseLeave={() => onHover?.(false)}
      onClick={() => {
        // A click that ends a text selection is the reviewer copying, not choosing a step.
        if (window.getSelection()?.toString()) return;
        onSelect?.();
      }}
      sx={{
        position: 'relative',
        border: 1,
        borderStyle: decoration?.ghost ? 'dashed' : 'solid',
        borderColor: selected ? 'primary.main' : worst === 'error' ? '#e3a29d' : 'divider',
        borderLeftWidth: 4,
        borderLeftColor: decoration?.accent ?? (selected ? 'primary.main' : '#d3d9e0'),
        borderRadius: 1.5,
        bgcolor: selected ? '#f3f7fb' : decoration?.ghost ? '#fcfcfd' : 'background.paper',
        boxShadow: selected ? '0 0 0 1px #2f5d8a' : highlighted ? '0 0 0 3px #b9d2ea' : 'none',
        transition: 'box-shadow 120ms, background-color 120ms',
        px: 1.5,
        pt: 1,
        pb: 1.25,
        cursor: onSelect ? 'pointer' : 'default',
        scrollMarginBlock: '72px',
        '&:hover': onSelect && !selected ? { borderColor: '#b9c4cf', borderLeftColor: decoration?.accent ?? '#b9c4cf' } : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 26 }}>
        <ButtonBase
          aria-label={`Step ${step.id}`}
          aria-pressed={onSelect ? selected : undefined}
          onClick={(event) => {
            event.stopPropagation();
            onSelect?.();
          }}
          sx={{
            minWidth: 26,
            height: 24,
            px: 0.75,
            borderRadius: 1,
            fontFamily: MONO_FONT,
            fontSize: 12.5,
            fontWeight: 700,
            bgcolor: selected ? 'primary.main' : '#eef1f4',
            color: selected ? 'primary.contrastText' : 'text.primary',
            textDecoration: decoration?.ghost ? 'line-through' : 'none',
          }}
        >
          {step.id}
        </ButtonBase>
        {decoration?.tool ?? <ToolBadge tool={step.tool} struck={decoration?.ghost} />}
        {inputs.length > 0 && (
          <Box component="span" aria-label="Inputs">
            {inputs.map((input, i) => (
              <ArgumentText key={i} text={input} step={step} byId={byId} refs={refs} />
            ))}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {decoration?.status}
        {findings.length > 0 && <FindingMarks findings={findings} />}
      </Box>
      <Typography
        data-testid="step-prompt"
        sx={{
          mt: 0.75,
          fontSize: 14.5,
          lineHeight: 1.55,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          color: decoration?.ghost || decoration?.dim ? 'text.secondary' : 'text.primary',
          textDecoration: decoration?.ghost ? 'line-through' : 'none',
          textDecorationColor: '#c98a86',
        }}
      >
        {decoration?.prompt ?? (step.prompt === '' ? <EmptyPrompt /> : <PromptText step={step} byId={byId} context={refs} query={query} />)}
      </Typography>
      <DependsOn step={step} byId={byId} refs={refs} />
      {decoration?.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontSize: 12.5 }}>
          {decoration.note}
        </Typography>
      )}
      {Object.keys(step.extra).length > 0 && <ExtraFields extra={step.extra} />}
      {findings.length > 0 && <StepFindings findings={findings} />}
    </Box>
  );
}

function EmptyPrompt() {
  return (
    <Box component="span" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
      (no prompt)
    </Box>
  );
}

/** `depends on 1 · 2` with each id linked, or a quiet "no dependencies". */
function DependsOn({ step, byId, refs }: { step: PlanStep; byId: ReadonlyMap<string, number>; refs: RefContext }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontSize: 12.5, mt: 0.5 }} data-testid="step-depends-on">
      {step.dependsOn.length === 0 ? (
        'no dependencies'
      ) : (
        <>
          depends on{' '}
          {step.dependsOn.map((id, i) => (
            <StepRefLink key={i} id={id} text={id} status={byId.has(id) ? 'declared' : 'missing'} context={refs} role="dependency" />
          ))}
        </>
      )}
    </Typography>
  );
}

/** A positional input such as `(1)` or `[(1), (2)]`, with its step references linked. */
function ArgumentText({ text, step, byId, refs }: { text: string; step: PlanStep; byId: ReadonlyMap<string, number>; refs: RefContext }) {
  const pieces = text.split(/(\(\w+\))/);
  return (
    <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12, color: 'text.primary', mr: 0.5 }}>
      {pieces.map((piece, i) => {
        const ref = /^\((\w+)\)$/.exec(piece)?.[1];
        if (!ref || ref === 'query') return piece;
        return <StepRefLink key={i} id={ref} text={piece} status={refStatus(step, ref, byId)} context={refs} role="input" />;
      })}
    </Box>
  );
}

/** Severity icons with counts, at the card's top right. */
function FindingMarks({ findings }: { findings: Finding[] }) {
  const counts = (['error', 'warning', 'info'] as const).map((s) => [s, findings.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  return (
    <Box sx={{ display: 'flex', gap: 0.75 }} aria-label="Findings on this step">
      {counts.map(([severity, n]) => {
        const Icon = SEVERITY_ICON[severity];
        return (
          <Box key={severity} component="span" data-testid="step-finding-count" data-severity={severity} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: `${severity}.main`, fontSize: 12.5, fontWeight: 600 }}>
            <Icon sx={{ fontSize: 17 }} titleAccess={severity} />
            {n}
          </Box>
        );
      })}
    </Box>
  );
}

/** The findings about the step, one line each. */
function StepFindings({ findings }: { findings: Finding[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, pt: 0.75, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {findings.map((finding, i) => {
        const Icon = SEVERITY_ICON[finding.severity];
        return (
          <Box component="li" key={i} data-testid="step-finding" data-severity={finding.severity} sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
            <Icon sx={{ fontSize: 16, mt: '2px', color: `${finding.severity}.main` }} titleAccess={finding.severity} />
            <Typography variant="body2" sx={{ fontSize: 13, wordBreak: 'break-word' }}>
              {finding.message}{' '}
              <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
                {finding.validator}
              </Box>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * Step fields the format does not define, kept from the source and shown as written: inline,
 * a step's being few and short (a turn's or a node's open from a toggle, see OtherFields.tsx).
 */
function ExtraFields({ extra }: { extra: Record<string, unknown> }) {
  // Integers beyond 2^53 inside a value (kept as their digits) are written bare, as the source has them.
  const asWritten = useNumbersAsWritten();
  return (
    <Box sx={{ mt: 0.75, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
      {Object.entries(extra).map(([key, value]) => (
        <Typography key={key} variant="body2" sx={{ fontSize: 12.5, color: 'text.secondary', wordBreak: 'break-word' }}>
          {key}{' '}
          <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12, color: 'text.primary' }}>
            {typeof value === 'string' ? value : jsonAsWritten(value, asWritten)}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
