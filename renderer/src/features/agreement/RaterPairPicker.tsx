import { MenuItem, TextField } from '@mui/material';
import { orientedPair, pairedRaters, pairForRater, pairOf, partnersOf, type RaterPair } from './raterPairs';

interface Props {
  /** The pairs of the analysis, each `[a, b]`. */
  pairs: readonly RaterPair[];
  index: number;
  /** The rater of the pair chosen first (the matrix's rows); null: the pair's first. */
  first: string | null;
  onChange: (index: number, first: string) => void;
}

/**
 * Which pair's confusion matrix to show: a rater, then whom against. Two short lists rather
 * than one of every pair, which for a crowd of 120 raters would be 7,140 entries long.
 */
export function RaterPairPicker({ pairs, index, first, onChange }: Props) {
  const [a, b] = orientedPair(pairs[index], first);
  const chooseRater = (rater: string) => {
    const found = pairForRater(pairs, rater, [a, b]);
    if (found !== null) onChange(found, rater);
  };
  const chooseAgainst = (against: string) => {
    const found = pairOf(pairs, a, against);
    if (found !== null) onChange(found, a);
  };
  return (
    <>
      <TextField select size="small" label="Rater" value={a} onChange={(e) => chooseRater(e.target.value)} sx={{ minWidth: 180 }}>
        {pairedRaters(pairs).map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="against" value={b} onChange={(e) => chooseAgainst(e.target.value)} sx={{ minWidth: 180 }}>
        {partnersOf(pairs, a).map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
