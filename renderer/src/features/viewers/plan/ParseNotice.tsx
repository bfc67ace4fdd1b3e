import { Alert, AlertTitle, Box, Button, Collapse } from '@mui/material';
import { useState } from 'react';
import type { Plan } from '../../../../../electron/api/artifacts';
import { PlanSourceText } from './PlanSourceText';
import type { TextMark } from './textPosition';

/** The parse-error marks of a plan: where it could not be read (red), where it first left JSON (amber). */
export function planMarks(plan: Plan): TextMark[] {
  const marks: TextMark[] = [];
  const { readError, jsonError } = plan;
  if (readError && readError.line !== null && readError.column !== null) {
    marks.push({ line: readError.line, column: readError.column, severity: 'error', message: readError.message });
  }
  if (jsonError && jsonError.line !== null && jsonError.column !== null && !(readError && readError.line === jsonError.line && readError.column === jsonError.column)) {
    marks.push({ line: jsonError.line, column: jsonError.column, severity: 'warning', message: `first departure from JSON: ${jsonError.message}` });
  }
  return marks;
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function at(error: { line: number | null; column: number | null }): string {
  return error.line !== null && error.column !== null ? ` at line ${error.line}, column ${error.column}` : '';
}

/**
 * Says how a plan's source was read. Tolerant: a note that the source is not valid JSON, with
 * the source text (where it left JSON marked) one click away. Invalid: the reason, and the
 * source text with the error's place marked, in place of the steps.
 */
export function ParseNotice({ plan, name }: { plan: Plan; name: string }) {
  const [open, setOpen] = useState(false);
  if (plan.parseStatus === 'json') return null;
  const source = plan.rawText ?? '';
  if (plan.parseStatus === 'invalid') {
    const error = plan.readError;
    return (
      <Box data-testid="parse-invalid">
        <Alert severity="error" sx={{ mb: 1.5, color: 'text.primary', bgcolor: '#fcefee', border: 1, borderColor: '#f0c4c0' }}>
          <AlertTitle sx={{ fontWeight: 600, color: '#8c1d18' }}>
            {error?.kind === 'shape' ? `The ${name} text is readable but is not a plan` : `The ${name} is not valid JSON and could not be read`}
          </AlertTitle>
          {error ? `${sentence(error.message)}${at(error)}.` : 'No steps could be read.'} It is shown below exactly as imported; it counts as a plan without steps.
        </Alert>
        {source ? <PlanSourceText text={source} marks={planMarks(plan)} label={`${name} source text`} /> : null}
      </Box>
    );
  }
  const error = plan.jsonError;
  return (
    <Alert
      severity="warning"
      data-testid="parse-note"
      sx={{ color: 'text.primary', bgcolor: '#fff8ec', border: 1, borderColor: '#f1d9ad', '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
      action={
        source ? (
          <Button color="inherit" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ whiteSpace: 'nowrap' }}>
            {open ? 'Hide source' : 'Show source'}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle sx={{ fontWeight: 600, mb: 0.25, color: '#7a4500' }}>The {name} source is not valid JSON — read tolerantly</AlertTitle>
      {error ? `It first leaves JSON${at(error)}: ${error.message}. ` : ''}The steps shown are what a tolerant reader made of it.
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1.5 }}>
          <PlanSourceText text={source} marks={planMarks(plan)} label={`${name} source text`} />
        </Box>
      </Collapse>
    </Alert>
  );
}
