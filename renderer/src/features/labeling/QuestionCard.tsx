import { Box, ButtonBase, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { forwardRef, useMemo, type Ref } from 'react';
import type { LabelRevision, LabelView } from '../../../../electron/api/contract';
import type { Question, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import { answerText, isAnswered, toggleTag, type Answer } from './answers';
import { BinaryChoice } from './BinaryChoice';
import { ChoiceList } from './ChoiceList';
import { KeyCap } from './KeyCap';
import { RationaleField } from './RationaleField';
import { ScoreChoice } from './ScoreChoice';
import { TagToggles } from './TagToggles';
import { TextAnswer } from './TextAnswer';
import { EarlierVersionNotice } from './EarlierVersionNotice';
import type { LabelingSession } from './useLabelingSession';

interface Props {
  question: Question;
  /** The unit the answer belongs to (`''` for the whole item). */
  unit: string;
  answer: Answer | undefined;
  keymap: SchemaKeymap;
  focused: boolean;
  onFocus(): void;
  /** Other raters' labels on this question and unit (empty while blind). */
  others: LabelView[];
  session: LabelingSession;
  rationaleRef?: Ref<HTMLTextAreaElement>;
  /** For a per-unit question, the unit it is answered for ("Step 2"). */
  unitLabel?: string;
  /** When the annotator changed this answer after seeing the others in a discussion: the original, kept beside it. */
  revision?: LabelRevision;
  /** The answer was made on an earlier version of the item (a re-import changed it since). */
  earlierVersion?: boolean;
}

/** One question: its wording, the answers with their keys, N/A, the rationale, and (once visible) what the others said. */
export const QuestionCard = forwardRef<HTMLDivElement, Props>(function QuestionCard({ question, unit, answer, keymap, focused, onFocus, others, session, rationaleRef, unitLabel, revision, earlierVersion }, ref) {
  const othersByValue = useMemo(() => {
    const map = new Map<string, string[]>();
    const add = (value: string, rater: string) => map.set(value, [...(map.get(value) ?? []), rater]);
    for (const l of others) {
      if (l.na) add('N/A', l.rater);
      else if (Array.isArray(l.value)) l.value.forEach((v) => add(v, l.rater));
      else if (l.value !== null) add(String(l.value), l.rater);
    }
    return map;
  }, [others]);
  const answered = isAnswered(answer);
  const pick = (value: string | number) => session.answer(unit, question.id, value);
  return (
    <Paper
      ref={ref}
      variant="outlined"
      component="section"
      aria-label={question.title}
      data-testid="question-card"
      data-question={question.id}
      data-focused={focused}
      onMouseDown={onFocus}
      sx={{
        p: 1.75,
        borderColor: focused ? 'primary.main' : 'divider',
        boxShadow: focused ? (t) => `inset 3px 0 0 ${t.palette.primary.main}` : 'none',
        transition: 'border-color 120ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {question.title}
            {unitLabel && (
              <Typography component="span" variant="caption" sx={{ px: 0.75, borderRadius: 1, bgcolor: 'primary.light', color: 'primary.dark', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="card-unit">
                {unitLabel}
              </Typography>
            )}
            {answered && <CheckCircleOutlined sx={{ fontSize: 16, color: 'success.main' }} titleAccess="Answered" />}
            {!answered && question.required && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ fontWeight: 500 }}>
                required
              </Typography>
            )}
          </Typography>
        </Box>
        {question.allowNA && (
          <ButtonBase
            onClick={() => session.answer(unit, question.id, null, true)}
            aria-pressed={!!answer?.na}
            aria-label="Not applicable"
            sx={{ gap: 0.5, px: 0.75, py: 0.25, borderRadius: 1, border: 1, borderColor: answer?.na ? 'primary.main' : 'divider', bgcolor: answer?.na ? 'primary.light' : 'transparent', fontSize: 12.5, fontWeight: 600, color: answer?.na ? 'primary.dark' : 'text.secondary' }}
          >
            <KeyCap k="x" dim={!answer?.na} /> N/A
          </ButtonBase>
        )}
        {answered && (
          <Tooltip title="Clear this answer (u undoes)">
            <IconButton size="small" aria-label={`Clear ${question.title}`} onClick={() => session.clear(unit, question.id)} sx={{ mt: -0.5 }}>
              <CloseOutlined sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {earlierVersion && answered && <EarlierVersionNotice onSave={() => session.confirmVersion(unit, question.id)} />}
      {revision && (
        <Typography variant="caption" component="p" sx={{ mb: 0.75, px: 0.75, py: 0.25, borderRadius: 1, bgcolor: '#fff4e5', color: '#8a4b00', fontWeight: 500 }} data-testid="revision-mark">
          Revised after discussion · your original answer: {revision.original ? answerText(question, revision.original) : 'none (first answered after discussion)'}
          {revision.original?.rationale ? ` — ${revision.original.rationale}` : ''}
        </Typography>
      )}
      {question.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.25, fontSize: 13, display: '-webkit-box', WebkitLineClamp: focused ? 6 : 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {question.description}
        </Typography>
      )}
      {question.type === 'binary' && <BinaryChoice question={question} answer={answer} keymap={keymap} othersByValue={othersByValue} onPick={pick} />}
      {(question.type === 'ordinal' || question.type === 'nominal') && <ChoiceList question={question} answer={answer} keymap={keymap} othersByValue={othersByValue} onPick={pick} />}
      {question.type === 'multilabel' && (
        <TagToggles question={question} answer={answer} keymap={keymap} othersByValue={othersByValue} onToggle={(tag) => session.answer(unit, question.id, toggleTag(question, session.current(unit, question.id)?.value ?? null, tag))} />
      )}
      {question.type === 'score' && <ScoreChoice question={question} answer={answer} keymap={keymap} othersByValue={othersByValue} onPick={pick} />}
      {question.type === 'text' && <TextAnswer question={question} answer={answer} onText={(text) => session.setText(unit, question, text)} register={session.registerDraft} />}
      {question.type !== 'text' && <RationaleField ref={rationaleRef} answer={answer} onRationale={(text) => session.setRationale(unit, question.id, text)} register={session.registerDraft} label={`Rationale for ${question.title}`} />}
      {others.length > 0 && <OthersSaid question={question} others={others} />}
    </Paper>
  );
});

/** Other raters' answers and rationales, in words, under the question. */
function OthersSaid({ question, others }: { question: Question; others: LabelView[] }) {
  return (
    <Box sx={{ mt: 1.25, pt: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="others-answers">
      {others.map((l) => (
        <Typography key={l.rater} variant="body2" sx={{ fontSize: 13 }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {l.rater}
          </Box>
          {l.raterKind === 'judge' && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              (judge)
            </Box>
          )}{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            ·
          </Box>{' '}
          {answerText(question, l)}
          {l.rationale && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              — {l.rationale}
            </Box>
          )}
        </Typography>
      ))}
    </Box>
  );
}
