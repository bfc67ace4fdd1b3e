import type { QuestionAgreementRow } from '../../../api/contract';

/** How a row's question is compared, in words ("ordinal, 7 levels"). */
export function kindText(row: QuestionAgreementRow, levels: number): string {
  const scope = row.scope === 'item' ? '' : `, per ${row.scope}`;
  if (row.kind === 'multilabel') return `multilabel, ${levels} tags${scope}`;
  if (row.kind === 'interval') return `score, ${levels} values${scope}`;
  return `${row.kind}, ${levels} ${row.kind === 'binary' ? 'options' : row.kind === 'nominal' ? 'categories' : 'levels'}${scope}`;
}

/** A date as "2025-03-14 09:30 UTC". */
export function utcStamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
