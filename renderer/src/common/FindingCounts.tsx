import { Box, Chip, Typography } from '@mui/material';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';

/** Icons of finding severities, shared by chips and the findings list. */
export const SEVERITY_ICON = { error: ErrorOutlineOutlined, warning: WarningAmberOutlined, info: InfoOutlined } as const;
const SEVERITY_WORD = { error: ['error', 'errors'], warning: ['warning', 'warnings'], info: ['note', 'notes'] } as const;

interface Counts {
  errorCount: number;
  warningCount: number;
  infoCount: number;
}

/** Findings of an item as coloured chips (errors red, warnings amber, notes blue); a dash when clean. */
export function FindingCounts({ errorCount, warningCount, infoCount }: Counts) {
  const entries = [
    ['error', errorCount],
    ['warning', warningCount],
    ['info', infoCount],
  ] as const;
  const shown = entries.filter(([, n]) => n > 0);
  if (shown.length === 0) {
    return (
      <Typography variant="body2" color="text.disabled" aria-label="No findings">
        —
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {shown.map(([severity, n]) => {
        const Icon = SEVERITY_ICON[severity];
        const word = SEVERITY_WORD[severity][n === 1 ? 0 : 1];
        return (
          <Chip
            key={severity}
            size="small"
            color={severity}
            variant="outlined"
            icon={<Icon sx={{ fontSize: 15 }} />}
            label={n}
            aria-label={`${n} ${word}`}
            title={`${n} ${word}`}
            sx={{ bgcolor: `${severity}.light`, borderColor: 'transparent', '& .MuiChip-label': { px: 0.75 } }}
          />
        );
      })}
    </Box>
  );
}
