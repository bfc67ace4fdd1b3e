import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { numbersAsWrittenOf } from '../../../../electron/common/numbersAsWritten';

/**
 * The digits of the integers beyond 2^53 the shown item's source wrote bare (its payload's
 * `numbersAsWritten`): the viewers write those strings as numbers again, as in the file
 * (electron/common/numbersAsWritten.ts).
 */
const NumbersAsWritten = createContext<ReadonlySet<string>>(new Set());

export function NumbersAsWrittenProvider({ payload, children }: { payload: unknown; children: ReactNode }) {
  const numbers = useMemo(() => numbersAsWrittenOf(payload), [payload]);
  return <NumbersAsWritten.Provider value={numbers}>{children}</NumbersAsWritten.Provider>;
}

/** The shown item's integers beyond 2^53, as strings of digits (empty outside an item's viewer). */
export function useNumbersAsWritten(): ReadonlySet<string> {
  return useContext(NumbersAsWritten);
}
