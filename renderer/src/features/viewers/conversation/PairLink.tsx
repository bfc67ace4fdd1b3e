import { Box, ButtonBase, Typography } from '@mui/material';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import SubdirectoryArrowRightOutlined from '@mui/icons-material/SubdirectoryArrowRightOutlined';

interface Props {
  /** The partner turn (the output of a call, the call of an output), or null when unpaired. */
  partner: number | null;
  /** Words before the turn number: "Output at", "Answers the call at". */
  text: string;
  /** What to say when there is no partner (flagged in the error colour). */
  unpaired: string;
  onJump(turn: number): void;
}

/**
 * The thread between a tool call and its output: a link to the other half, or — for a call
 * nothing answers, or an output that answers no call — a visible flag.
 */
export function PairLink({ partner, text, unpaired, onJump }: Props) {
  if (partner === null) {
    return (
      <Box data-testid="turn-unpaired" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mt: 1, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'error.light', color: 'error.main' }}>
        <LinkOffOutlined sx={{ fontSize: 16 }} aria-hidden />
        <Typography component="span" sx={{ fontSize: 12.5, fontWeight: 600 }}>
          {unpaired}
        </Typography>
      </Box>
    );
  }
  return (
    <ButtonBase
      data-testid="turn-pair-link"
      onClick={(event) => {
        event.stopPropagation();
        onJump(partner);
      }}
      sx={{ mt: 0.75, gap: 0.5, borderRadius: 1, px: 0.5, ml: -0.5, color: 'text.secondary', fontSize: 12.5, '&:hover': { color: 'primary.main', bgcolor: 'primary.light' } }}
    >
      <SubdirectoryArrowRightOutlined sx={{ fontSize: 15 }} aria-hidden />
      {text} turn {partner}
    </ButtonBase>
  );
}
