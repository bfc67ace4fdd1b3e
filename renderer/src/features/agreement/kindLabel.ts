import type { QuestionAgreementRow } from '../../../../electron/api/contract';

/** How a question is compared, in words: "ordinal", "score (interval)", "multilabel · per step". */
export function kindLabel(row: Pick<QuestionAgreementRow, 'kind' | 'scope'>): string {
  const kind = row.kind === 'interval' ? 'score (interval)' : row.kind;
  return row.scope === 'item' ? kind : `${kind} · per ${row.scope}`;
}
