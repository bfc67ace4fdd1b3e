import { Box, List, ListItemButton, ListSubheader, Typography } from '@mui/material';
import type { JudgeInfo } from '../../../../../electron/api/contract';
import { formatDateTime } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { judgeKey } from './useJudgeLibrary';

interface Props {
  judges: JudgeInfo[];
  selected: string | null;
  onSelect(judge: JudgeInfo): void;
}

/** The judge library: Accord's presets, then the judges stored in this workspace, each with its version hash. */
export function JudgeList({ judges, selected, onSelect }: Props) {
  const groups: [string, JudgeInfo[]][] = [
    ['Presets', judges.filter((j) => j.origin === 'preset')],
    ['In this workspace', judges.filter((j) => j.origin === 'workspace')],
  ];
  return (
    <Box component="nav" aria-label="Judges">
      {groups.map(([title, list]) => (
        <List
          key={title}
          dense
          disablePadding
          subheader={
            <ListSubheader disableSticky sx={{ lineHeight: '36px', fontSize: 11, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', bgcolor: 'transparent' }}>
              {title}
            </ListSubheader>
          }
          sx={{ px: 1, pb: 1 }}
        >
          {list.length === 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 1 }}>
              None yet. Import a judge file, or edit a preset and save it.
            </Typography>
          )}
          {list.map((judge) => {
            const key = judgeKey(judge);
            return (
              <ListItemButton
                key={key}
                selected={key === selected}
                onClick={() => onSelect(judge)}
                data-testid="judge-list-item"
                aria-label={`${judge.title} ${judge.version}`}
                sx={{ borderRadius: 1, mb: 0.25, display: 'block', py: 0.75, '&.Mui-selected': { bgcolor: 'primary.light' } }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600, color: key === selected ? 'primary.dark' : 'text.primary' }}>
                  {judge.title}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mt: 0.25 }}>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT, fontSize: 11 }} data-testid="judge-version">
                    {judge.version.slice(0, 8)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {judge.schemaId}
                    {judge.savedAt && ` · ${formatDateTime(judge.savedAt)}`}
                  </Typography>
                </Box>
              </ListItemButton>
            );
          })}
        </List>
      ))}
    </Box>
  );
}
