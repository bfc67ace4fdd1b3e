import { Box, Tooltip } from '@mui/material';
import type { PlanStep } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { promptParts, refStatus } from './planSteps';
import { StepRefLink, type RefContext } from './StepRefLink';

interface Props {
  step: PlanStep;
  byId: ReadonlyMap<string, number>;
  context: RefContext;
  /** The user's query, shown when pointing at `(query)`. */
  query: string | null;
}

/**
 * A step's prompt as text, with `(k)` placeholders linked to the steps they name and
 * `(query)` marked. Everything is a text node: imported prompts are never HTML.
 */
export function PromptText({ step, byId, context, query }: Props) {
  return (
    <>
      {promptParts(step).map((part, i) => {
        if (part.kind === 'text') return part.text;
        if (part.kind === 'query') return <QueryPlaceholder key={i} text={part.text} query={query} />;
        return <StepRefLink key={i} id={part.ref} text={part.text} status={refStatus(step, part.ref, byId)} context={context} role="placeholder" />;
      })}
    </>
  );
}

/** The `(query)` placeholder: the user's query goes here. */
export function QueryPlaceholder({ text, query }: { text: string; query: string | null }) {
  return (
    <Tooltip title={query ? `The user’s query: ${query}` : 'The user’s query'} disableInteractive describeChild>
      <Box
        component="span"
        data-testid="query-placeholder"
        tabIndex={0}
        sx={{
          fontFamily: MONO_FONT,
          fontSize: '0.86em',
          fontWeight: 600,
          px: 0.5,
          py: '1px',
          mx: '1px',
          borderRadius: 0.75,
          border: 1,
          borderColor: '#e6d27a',
          bgcolor: '#fff6cc',
          color: '#5a4700',
          cursor: 'help',
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
