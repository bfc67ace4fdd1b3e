import { MenuItem, TextField } from '@mui/material';

interface Props {
  /** The pairs of the analysis, each `[a, b]`. */
  pairs: readonly (readonly [string, string])[];
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
  const raters = [...new Set(pairs.flat())];
  const partners = pairs.flatMap(([x, y]) => (x === a ? [y] : y === a ? [x] : []));
  const choose = (rater: string, against: string) => {
    const found = pairs.findIndex(([x, y]) => (x === rater && y === against) || (x === against && y === rater));
    // A rater without a pair with the one shown: their first pair.
    onChange(found >= 0 ? found : pairs.findIndex(([x, y]) => x === rater || y === rater), rater);
  };
  return (
    <>
      <TextField select size="small" label="Rater" value={a} onChange={(e) => choose(e.target.value, b)} sx={{ minWidth: 180 }}>
        {raters.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="against" value={b} onChange={(e) => choose(a, e.target.value)} sx={{ minWidth: 180 }}>
        {partners.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The pair with `first` first when it is one of the two; else as the analysis lists it. */
export function orientedPair([x, y]: readonly [string, string], first: string | null): [string, string] {
  return first === y ? [y, x] : [x, y];
}
