import { Box } from '@mui/material';

/** Accord's mark: two overlapping rings — two raters, one verdict. Drawn inline, no asset. */
export function BrandMark({ size = 22 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 24 24" width={size} height={size} aria-hidden sx={{ color: 'primary.main', flexShrink: 0 }}>
      <circle cx="9" cy="12" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="15" cy="12" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.55" />
    </Box>
  );
}
