import { Box, ButtonBase, Chip, InputBase, Paper, Tooltip, Typography } from '@mui/material';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import { forwardRef, useId, useState } from 'react';
import type { AnswerGroup, RaterAnswer } from '../../../../electron/api/contract';
import type { LabelValue, Question } from '../../../../electron/api/labelSchemas';
import { EARLIER_VERSION_NOTICE } from '../../../../electron/common/earlierVersion';
import { CROWD_RATERS } from '../../../../electron/common/raterList';
import { formatCount } from '../../common/format';
import { answerText } from '../labeling/answers';
import { KeyCap } from '../labeling/KeyCap';
import { AgreementBar } from './AgreementBar';
import { distinctAnswers, isGold } from './distinctAnswers';
import { GoldEditor } from './GoldEditor';

interface Props {
  group: AnswerGroup;
  question: Question | undefined;
  focused: boolean;
  onFocus(): void;
  note: string;
  onNote(note: string): void;
  /** The note field lost the focus (Esc, a click elsewhere). */
  onLeaveNote(): void;
  onSetGold(value: LabelValue | null, na: boolean): void;
}

/** Unit keys as words: `step:2` → "Step 2". */
export function unitWords(unit: string): string {
  if (!unit) return 'Whole item';
  const [scope, id] = [unit.slice(0, unit.indexOf(':')), unit.slice(unit.indexOf(':') + 1)];
  return `${scope.charAt(0).toUpperCase()}${scope.slice(1)} ${id}`;
}

/**
 * Under a rater's answer revised after discussion, what it was before (agreement and the
 * queue count that one), as the queue shows it.
 */
function OriginalRow({ rater, original, answer, rationale }: { rater: string; original: NonNullable<RaterAnswer['original']>; answer: string; rationale: string | null }) {
  const changedRationale = original.answered && original.rationale !== null && original.rationale !== rationale;
  return (
    <Box component="tr" data-testid="original-answer" data-rater={rater} sx={{ '& td': { borderTop: '0 !important', pt: '0 !important' } }}>
      <td />
      <Box component="td" colSpan={2} sx={{ color: 'warning.dark', fontSize: '12.5px !important' }} title={`${rater} revised this answer after the lead opened the task for discussion; agreement counts the original`}>
        before discussion: {original.answered ? answer : 'no answer'}
        {changedRationale && <Box component="span" sx={{ color: 'text.secondary' }}> — {original.rationale}</Box>}
      </Box>
    </Box>
  );
}

/**
 * One question on one unit: every rater's answer and rationale side by side, the agreement,
 * and gold — picked from the answers given (keys 1…n) or set to another value.
 */
export const AnswerGroupCard = forwardRef<HTMLDivElement, Props>(function AnswerGroupCard({ group, question, focused, onFocus, note, onNote, onLeaveNote, onSetGold }, ref) {
  const [other, setOther] = useState(false);
  const [everyAnswer, setEveryAnswer] = useState(false);
  const optionsId = useId();
  const options = distinctAnswers(group.answers);
  // A crowd: the answers counted (the gold buttons below), and rows only for the raters with
  // something to read — a rationale, an answer revised or given on an earlier version, a judge;
  // every answer one click away.
  const crowd = group.answers.length > CROWD_RATERS;
  const worthARow = (a: RaterAnswer) => a.rationale !== null || a.original !== undefined || a.earlierVersion || a.raterKind === 'judge';
  const rows = crowd && !everyAnswer ? group.answers.filter(worthARow) : group.answers;
  const say = (a: { value: LabelValue | null; na: boolean }) => (question ? answerText(question, a) : a.na ? 'N/A' : JSON.stringify(a.value));
  return (
    <Paper
      ref={ref}
      variant="outlined"
      component="section"
      aria-label={`${question?.title ?? group.question} · ${unitWords(group.unit)}`}
      data-testid="answer-group"
      data-question={group.question}
      data-unit={group.unit}
      data-settled={group.gold !== null}
      onMouseDown={onFocus}
      sx={{ p: 1.75, borderColor: focused ? 'primary.main' : 'divider', boxShadow: focused ? (t) => `inset 3px 0 0 ${t.palette.primary.main}` : 'none' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h3" sx={{ flex: 1, minWidth: 160 }}>
          {question?.title ?? group.question}
        </Typography>
        <Chip size="small" variant="outlined" label={unitWords(group.unit)} />
        <AgreementBar value={group.agreement} />
      </Box>
      {/* No empty table for a crowd whose every answer is counted below (a screen reader would announce it). */}
      {(rows.length > 0 || (group.cleared?.length ?? 0) > 0) && (
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& td': { py: 0.5, pr: 1.5, verticalAlign: 'top', fontSize: 13.5, borderTop: 1, borderColor: 'divider' } }} aria-label="Answers">
          <tbody>
            {rows.map((a) => [
              <tr key={a.rater} data-testid="rater-answer" data-rater={a.rater}>
                <Box component="td" sx={{ fontWeight: 700, whiteSpace: 'nowrap', width: 90 }}>
                  {a.rater}
                  {a.raterKind === 'judge' && <Typography variant="caption" color="text.secondary"> judge</Typography>}
                </Box>
                <Box component="td" sx={{ fontWeight: 600, width: '38%' }}>
                  {say(a)}
                  {a.earlierVersion && (
                    <Tooltip title={`${EARLIER_VERSION_NOTICE} (${a.rater} has not checked it since the item changed)`}>
                      <Chip size="small" color="warning" variant="outlined" label="earlier version" data-testid="earlier-version" sx={{ ml: 0.75, height: 20, fontSize: 11.5 }} />
                    </Tooltip>
                  )}
                </Box>
                <Box component="td" sx={{ color: a.rationale ? 'text.secondary' : 'text.disabled' }}>
                  {a.rationale ?? 'no rationale'}
                </Box>
              </tr>,
              a.original && <OriginalRow key={`${a.rater} original`} rater={a.rater} original={a.original} answer={say(a.original)} rationale={a.rationale} />,
            ])}
            {(group.cleared ?? []).map((c) => [
              <tr key={`${c.rater} cleared`} data-testid="cleared-answer" data-rater={c.rater}>
                <Box component="td" sx={{ fontWeight: 700, whiteSpace: 'nowrap', width: 90 }}>
                  {c.rater}
                </Box>
                <Box component="td" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
                  no answer
                </Box>
                <Box component="td" sx={{ color: 'text.disabled' }}>
                  cleared after discussion
                </Box>
              </tr>,
              <OriginalRow key={`${c.rater} original`} rater={c.rater} original={c.original} answer={say(c.original)} rationale={null} />,
            ])}
          </tbody>
        </Box>
      )}
      {crowd && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.75 }} data-testid="crowd-answers">
          {everyAnswer
            ? `Every answer of the ${formatCount(group.answers.length)} raters. `
            : `${formatCount(group.answers.length)} raters answered: counted on the gold buttons below${rows.length > 0 ? `; above, the ${formatCount(rows.length)} with a rationale, a revision, an earlier version or a judge’s answer` : ''}. `}
          <ButtonBase onClick={() => setEveryAnswer(!everyAnswer)} aria-expanded={everyAnswer} sx={{ fontSize: 12, color: 'primary.main', fontWeight: 600, verticalAlign: 'baseline' }}>
            {everyAnswer ? 'Show fewer' : `Show all ${formatCount(group.answers.length)} answers`}
          </ButtonBase>
        </Typography>
      )}
      <Box sx={{ mt: 1.25, display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }} role="group" aria-label="Set gold">
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, mr: 0.5 }}>
          GOLD
        </Typography>
        {options.map((option, index) => {
          const chosen = isGold(group.gold, option);
          return (
            <ButtonBase
              key={index}
              aria-pressed={chosen}
              aria-label={`Gold: ${say(option)}`}
              // The label names the answer; who gave it (or how many) is read as its description.
              aria-describedby={`${optionsId}-${index}`}
              onClick={() => onSetGold(option.value, option.na)}
              sx={{
                gap: 0.75,
                px: 1,
                py: 0.5,
                borderRadius: 1,
                border: 1,
                borderColor: chosen ? 'success.main' : 'divider',
                bgcolor: chosen ? 'success.light' : 'background.paper',
                '&:hover': { borderColor: chosen ? 'success.main' : '#b9c4d0' },
              }}
            >
              {index < 9 && <KeyCap k={String(index + 1)} dim={!focused} />}
              <Typography variant="body2" sx={{ fontWeight: 600, color: chosen ? 'success.main' : 'text.primary' }}>
                {say(option)}
              </Typography>
              <Typography variant="caption" color="text.secondary" id={`${optionsId}-${index}`}>
                {crowd ? `${formatCount(option.raters.length)} rater${option.raters.length === 1 ? '' : 's'}` : option.raters.join(', ')}
              </Typography>
              {chosen && <CheckOutlined sx={{ fontSize: 15, color: 'success.main' }} />}
            </ButtonBase>
          );
        })}
        {group.gold && !options.some((o) => isGold(group.gold, o)) && (
          <Chip size="small" icon={<CheckOutlined />} label={say(group.gold)} sx={{ bgcolor: 'success.light', color: 'success.main', fontWeight: 600 }} />
        )}
        {question && !other && (
          <ButtonBase onClick={() => setOther(true)} sx={{ px: 1, py: 0.5, borderRadius: 1, fontSize: 13, color: 'primary.main', fontWeight: 600 }}>
            Other…
          </ButtonBase>
        )}
        {group.gold && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }} data-testid="gold-source">
            {group.gold.source === 'unanimous' ? 'unanimous' : `set by ${group.gold.adjudicator ?? 'an adjudicator'}`}
          </Typography>
        )}
      </Box>
      {other && question && (
        <GoldEditor
          question={question}
          onCancel={() => setOther(false)}
          onSet={(value, na) => {
            setOther(false);
            onSetGold(value, na);
          }}
        />
      )}
      <InputBase
        value={note}
        onChange={(e) => onNote(e.target.value)}
        onBlur={onLeaveNote}
        placeholder={group.gold ? 'Note for the gold label (optional)' : 'Note for the gold label (optional, saved with it; Esc leaves)'}
        inputProps={{ 'aria-label': 'Note for the gold label' }}
        fullWidth
        sx={{ mt: 1, fontSize: 13, px: 1, py: 0.25, borderRadius: 1, bgcolor: '#f6f7f9', '&.Mui-focused': { bgcolor: 'background.paper', outline: '1px solid', outlineColor: 'primary.main' } }}
      />
    </Paper>
  );
});
