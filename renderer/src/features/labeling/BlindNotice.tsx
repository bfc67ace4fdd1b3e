import { Box, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { formatDateTime, plural } from '../../common/format';
import type { LabelsView } from './useLabelingSession';

/** "1 other rater’s", "3 other raters’": the possessive of a count of raters. */
export function otherRaters(count: number): string {
  return count === 1 ? `${plural(count, 'other rater')}’s` : `${plural(count, 'other rater')}’`;
}

/**
 * What of the other raters' work is visible and why (issue 13): in a blind task nothing, before
 * or after submitting, until the lead opens the task for discussion; then, on a submitted item,
 * their answers, with a word that a change now is kept as a revision beside the original. And
 * whether the item's automatic scores are hidden while labeling.
 */
export function BlindNotice({ view }: { view: LabelsView | null }) {
  if (!view) return null;
  return (
    <>
      <OthersLine view={view} />
      {view.scoresHidden && (
        <Line icon={<VisibilityOffOutlined sx={{ fontSize: 16 }} />} testId="scores-notice">
          Automatic scores (reference F1 and tiers, validator verdicts, rewards from the source) are hidden while you label, so they do not sway your judgement.
        </Line>
      )}
    </>
  );
}

function OthersLine({ view }: { view: LabelsView }) {
  const raters = new Set(view.others.map((l) => l.rater)).size;
  const submitted = view.submittedAt ? `You submitted this item on ${formatDateTime(view.submittedAt)}. ` : 'You submitted this item. ';
  if (!view.blind) {
    return raters > 0 ? (
      <Line icon={<VisibilityOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
        Not blind: {otherRaters(raters)} answers are shown beside yours.
      </Line>
    ) : null;
  }
  if (raters > 0 && view.discussion && view.submitted) {
    return (
      <Line icon={<ForumOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
        Open for discussion: {otherRaters(raters)} answers are shown beside yours. A change you make now is kept as a revision after discussion, beside your original
        answer; agreement is computed on the originals.
      </Line>
    );
  }
  if (raters > 0) {
    return (
      <Line icon={<VisibilityOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
        You are not labelling this item: {otherRaters(raters)} answers are shown.
      </Line>
    );
  }
  const hidden = view.hiddenRaters > 0 ? `${otherRaters(view.hiddenRaters)} labels stay hidden` : 'Other raters’ labels stay hidden';
  if (view.discussion) {
    return (
      <Line icon={<LockOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
        Open for discussion: {view.hiddenRaters > 0 ? `${otherRaters(view.hiddenRaters)} answers show` : 'other raters’ answers show'} once you submit this item.
      </Line>
    );
  }
  return (
    <Line icon={<LockOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
      {view.submitted ? submitted : ''}Blind: {hidden.charAt(0).toLowerCase() + hidden.slice(1)}
      {view.submitted ? ' after you submit too,' : ', before and after you submit,'} until the lead opens the task for discussion.
    </Line>
  );
}

function Line({ icon, children, testId }: { icon: React.ReactNode; children: React.ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: 'text.secondary', px: 0.25 }} data-testid={testId}>
      <Box sx={{ mt: '2px' }}>{icon}</Box>
      <Typography variant="body2" sx={{ fontSize: 13 }}>
        {children}
      </Typography>
    </Box>
  );
}
