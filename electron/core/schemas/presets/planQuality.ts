import type { OrdinalQuestion, Tier } from '../model';
import { parseLabelSchema } from '../schemaJson';

/**
 * The tiers of the 7-point plan-quality scale, cumulative: A+ is the top two levels (Very
 * Good and better), A the top three (Good and better), B the top four (Acceptable and better).
 * Reports show the share of plans in each.
 */
export const PLAN_QUALITY_TIERS: readonly Tier[] = [
  { name: 'A+', minNumeric: 6, description: 'Very Good or Extremely Good (the top two levels)' },
  { name: 'A', minNumeric: 5, description: 'Good or better (the top three levels)' },
  { name: 'B', minNumeric: 4, description: 'Acceptable or better (the top four levels)' },
];

/** Plan overall quality on the 7-point scale, Extremely Bad (1) … Extremely Good (7). */
export const planQuality = parseLabelSchema({
  id: 'plan-quality',
  version: 1,
  title: 'Plan quality',
  description:
    'Rate the plan as a whole on seven levels: would running it answer the user’s query, and how close is it to what an expert would write? Say in the rationale what pulled the rating down.',
  kinds: ['plan'],
  questions: [
    {
      id: 'overall_quality',
      type: 'ordinal',
      title: 'How good is this plan overall?',
      description:
        'Judge the right tools for each part of the query, precise prompts, correct dependencies and no wasted steps. Use the gold plan, when shown, as a reference, not as the only right answer.',
      levels: [
        { value: 'Extremely Bad', numeric: 1, description: 'Unusable: not a readable plan, answers a different question, or could not run at all.' },
        { value: 'Very Bad', numeric: 2, description: 'Mostly wrong: wrong tools or most of what the query needs is missing; at best a step or two could be kept.' },
        { value: 'Bad', numeric: 3, description: 'Runs, but the answer would be wrong or badly incomplete: a key step is missing or uses the wrong tool.' },
        { value: 'Acceptable', numeric: 4, description: 'Would give a usable answer with clear flaws: a vague prompt, an unneeded step, a loose dependency.' },
        { value: 'Good', numeric: 5, description: 'Correct and complete, with minor issues of wording or efficiency.' },
        { value: 'Very Good', numeric: 6, description: 'Correct, complete and efficient; only nitpicks remain.' },
        { value: 'Extremely Good', numeric: 7, description: 'What an expert would write: the right tools, precise prompts, minimal steps, dependencies exactly as needed.' },
      ],
      tiers: PLAN_QUALITY_TIERS.map((t) => ({ ...t })),
    },
  ],
});

/** The `overall_quality` question, for reports that show its tiers. */
export const planQualityQuestion = planQuality.questions[0] as OrdinalQuestion;
