import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import type { AgreementMethods } from '../../../../electron/api/contract';
import { count } from '../../../../electron/common/numberFormat';

/** The methods paragraph every export states, folded under the figures. */
export function MethodsPanel({ methods }: { methods: AgreementMethods }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ '&:before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Typography variant="subtitle2">Methods</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 1.5 }}>
          {methods.bootstrap.resamples > 0 ? `percentile bootstrap, ${count(methods.bootstrap.resamples)} resamples, seed ${methods.bootstrap.seed}` : 'no bootstrap'} · Accord {methods.accordVersion}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.75, maxWidth: '95ch' } }}>
          {methods.statements.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}
