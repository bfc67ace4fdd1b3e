import { normalisePrompt } from './normalise';

/** Shortest query (normalised) whose verbatim copy in a prompt counts as a mention. */
const MIN_COPIED_QUERY_LENGTH = 12;

/**
 * Why a prompt refers to the user's query without the `(query)` placeholder, or `null` when it
 * does not. A prompt refers to the query when, outside any `(query)` placeholder, it uses the
 * word "query" or "question" (`Answer the user's question using (2)`), or copies the query's
 * text (normalised, at least 12 characters) instead of passing it. A heuristic: paraphrases go
 * unnoticed, which is why the finding it feeds is a warning.
 *
 * @example mentionsQuery('Answer the question using (2)', null) // → 'uses the word "question"'
 */
export function mentionsQuery(prompt: string, query: string | null): string | null {
  const withoutPlaceholders = prompt.replace(/\(\s*query\s*\)/gi, ' ');
  const word = /\b(query|question)\b/i.exec(withoutPlaceholders);
  if (word) return `uses the word "${word[1]}"`;
  if (query !== null) {
    const copied = normalisePrompt(query);
    if (copied.length >= MIN_COPIED_QUERY_LENGTH && normalisePrompt(withoutPlaceholders).includes(copied)) {
      return 'copies the query text';
    }
  }
  return null;
}
