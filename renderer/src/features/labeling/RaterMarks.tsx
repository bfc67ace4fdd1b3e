import { Avatar, AvatarGroup, Tooltip } from '@mui/material';
import { initialsOf } from '../identity/IdentityButton';

/** Small initials of the other raters who gave an answer, beside it (after the blind is lifted). */
export function RaterMarks({ raters }: { raters: string[] }) {
  if (raters.length === 0) return null;
  return (
    <Tooltip title={`Also chosen by ${raters.join(', ')}`}>
      <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 20, height: 20, fontSize: 10, fontWeight: 700, borderWidth: 1 } }} data-testid="rater-marks" aria-label={`Chosen by ${raters.join(', ')}`}>
        {raters.map((r) => (
          <Avatar key={r} sx={{ bgcolor: '#e6e1f3', color: '#4a3d7a' }}>
            {initialsOf(r)}
          </Avatar>
        ))}
      </AvatarGroup>
    </Tooltip>
  );
}
