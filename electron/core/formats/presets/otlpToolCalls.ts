import { collectingInexact, parseJsonExactly } from '../exactNumbers';

/**
 * A call a model made, as the OTLP reader added it to a conversation: what answers it is
 * looked up here, for a tool message of a later model call's history and for an OpenInference
 * TOOL span.
 */
export interface MadeCall {
  id: string | null;
  name: string;
  /** Its arguments as compared with a TOOL span's (see {@link argumentsKey}). */
  args: string;
  /** Its place among the conversation's calls (several calls of one message share `at`). */
  seq: number;
  /** Where the assistant message that holds it is in the conversation's messages. */
  at: number;
  /** Where the tool message of a model call's history that answers it is (null: none does). */
  historyAt: number | null;
  /** Whether a TOOL span's output was paired with it. */
  paired: boolean;
}

/**
 * Why a TOOL span answers no call: no call of its tool is open (none was made before it, or
 * every one is answered: more TOOL spans than calls); the call its id names is answered
 * already; its id is no call's and the open call of its tool has another.
 */
export type Unpaired = 'no-open-call' | 'call-answered' | 'other-id';

/**
 * The call a TOOL span answers, and, when it was taken by order among open calls of its tool
 * that were made with different arguments (the span's arguments matched none of them, or it
 * recorded none that can be read), how many calls were open: the pairing may be wrong.
 */
export interface SpanPairing {
  call: MadeCall;
  byOrderAmong: number | null;
}

/**
 * Arguments as compared: JSON (a text of it, or a value) written anew with its object keys
 * sorted, so that the same arguments compare equal however they were written; other text as it
 * is. Null stands for none (`{}`, as the reader writes a call without arguments).
 */
export function argumentsKey(value: unknown): string {
  let parsed: unknown = value ?? {};
  if (typeof parsed === 'string') {
    try {
      // Only compared: the literals it meets are not listed as the record's.
      parsed = collectingInexact([], () => parseJsonExactly(parsed as string));
    } catch {
      return JSON.stringify(parsed);
    }
  }
  return JSON.stringify(sortedKeys(parsed));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortedKeys((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * The calls of one conversation, in the order they were added, with what answers them. Every
 * look-up takes constant time, amortised: the calls are kept by id and in a queue per tool
 * name (and one in all), and a queue's head moves past the calls that are answered for good.
 *
 * History outputs are paired as the chat reader pairs them afterwards (`pairToolTurns`: by id,
 * else the earliest open call of the output's name, else the earliest open call), so that an
 * output written without a call id — the call had none — is linked to the call chosen here. A
 * TOOL span also compares the arguments it ran with (see `pairSpan`): the reader then places the
 * outputs of a tool's calls in the order of the calls, for the chat reader to link them so.
 */
export class MadeCalls {
  private readonly inOrder: MadeCall[] = [];
  private readonly byId = new Map<string, MadeCall>();
  private readonly byName = new Map<string, MadeCall[]>();
  private historyHead = 0;
  private readonly historyHeads = new Map<string, number>();
  private readonly spanHeads = new Map<string, number>();
  /** The calls by tool name and arguments (`argsKey`), for a TOOL span to find the one it ran. */
  private readonly byArgs = new Map<string, MadeCall[]>();
  private readonly argsHeads = new Map<string, number>();
  /** Per tool name, how many calls are open for a TOOL span (neither paired nor answered by a history) with each arguments. */
  private readonly open = new Map<string, Map<string, number>>();
  private readonly openTotal = new Map<string, number>();

  /**
   * Adds a call (`args`: its arguments, as the model wrote them), and returns it. A call id is looked up as the first call that has it, until that call is
   * answered: a later call that reuses the id (the reader adds one only once the first is
   * answered) takes it over.
   */
  add(id: string | null, name: string, at: number, args: unknown = null): MadeCall {
    const call: MadeCall = { id, name, args: argumentsKey(args), seq: this.inOrder.length, at, historyAt: null, paired: false };
    this.inOrder.push(call);
    const key = argsKey(name, call.args);
    const sameArgs = this.byArgs.get(key);
    if (sameArgs) sameArgs.push(call);
    else this.byArgs.set(key, [call]);
    const counts = this.open.get(name) ?? new Map<string, number>();
    counts.set(call.args, (counts.get(call.args) ?? 0) + 1);
    this.open.set(name, counts);
    this.openTotal.set(name, (this.openTotal.get(name) ?? 0) + 1);
    const earlier = id === null ? undefined : this.byId.get(id);
    if (id !== null && (earlier === undefined || earlier.historyAt !== null || earlier.paired)) this.byId.set(id, call);
    const same = this.byName.get(name);
    if (same) same.push(call);
    else this.byName.set(name, [call]);
    return call;
  }

  /**
   * A tool message of a model call's history, at `at` in the messages: the call it answers,
   * which is then answered (null when there is none). By its call id; without one, the earliest
   * call no history answered yet of the message's tool name, when it gives one (and there is
   * such a call), else the earliest of all.
   */
  answerFromHistory(id: string | null, name: string | null, at: number): MadeCall | null {
    const answered = (call: MadeCall) => call.historyAt !== null;
    let call: MadeCall | null;
    if (id !== null) {
      call = this.byId.get(id) ?? null;
      if (call !== null && call.historyAt !== null) call = null;
    } else {
      call = name === null ? null : first(this.byName.get(name), this.historyHeads, name, answered);
      if (call === null) {
        while (this.historyHead < this.inOrder.length && answered(this.inOrder[this.historyHead]!)) this.historyHead++;
        call = this.inOrder[this.historyHead] ?? null;
      }
    }
    if (call !== null) {
      this.close(call);
      call.historyAt = at;
    }
    return call;
  }

  /**
   * An OpenInference TOOL span with an output: the call it answers, which is then paired, or
   * why there is none (see {@link Unpaired}). Spans are looked up in time order, and only calls
   * added before the span and not yet answered (by an earlier span, or by a history sent before
   * it) are candidates:
   *
   * - a span with a call id answers the call with that id; a span whose id names a call that
   *   is already answered answers none (it repeats an output);
   * - otherwise (no id, or one no call has) the earliest candidate call of the span's tool name
   *   made with the arguments the span ran with (`args`: its `input.value`, compared as JSON
   *   values): parallel calls of one tool whose spans start in another order than the calls
   *   were made each get their own output. When no candidate has them (or the span records
   *   none), the earliest candidate: the k-th TOOL span of a tool answers its k-th call still
   *   open, and `byOrderAmong` says so when the candidates had different arguments. A span
   *   whose id no call has answers none when the call chosen has another id (the ids disagree).
   *
   * Each look-up takes constant time, amortised (a queue per tool name and arguments, and a
   * count per tool of the open calls' different arguments).
   */
  pairSpan(id: string | null, name: string, args?: unknown): SpanPairing | Unpaired {
    const known = id === null ? undefined : this.byId.get(id);
    if (known !== undefined) {
      if (known.paired || known.historyAt !== null) return 'call-answered';
      this.close(known);
      known.paired = true;
      return { call: known, byOrderAmong: null };
    }
    const done = (c: MadeCall) => c.paired || c.historyAt !== null;
    const key = args === undefined ? null : argsKey(name, argumentsKey(args));
    let call = key === null ? null : first(this.byArgs.get(key), this.argsHeads, key, done);
    let byOrderAmong: number | null = null;
    if (call === null) {
      call = first(this.byName.get(name), this.spanHeads, name, done);
      if (call === null) return 'no-open-call';
      if (this.open.get(name)!.size > 1) byOrderAmong = this.openTotal.get(name)!;
    }
    if (id !== null && call.id !== null) return 'other-id';
    this.close(call);
    call.paired = true;
    return { call, byOrderAmong };
  }

  /** Counts `call`, open until now, as answered. */
  private close(call: MadeCall): void {
    if (call.paired || call.historyAt !== null) return;
    const counts = this.open.get(call.name)!;
    const left = counts.get(call.args)! - 1;
    if (left === 0) counts.delete(call.args);
    else counts.set(call.args, left);
    this.openTotal.set(call.name, this.openTotal.get(call.name)! - 1);
  }
}

function argsKey(name: string, args: string): string {
  return JSON.stringify([name, args]);
}

/** The first call of `key`'s queue that is not `done`, moving the queue's head past the ones that are (they stay done). */
function first(queue: MadeCall[] | undefined, heads: Map<string, number>, key: string, done: (call: MadeCall) => boolean): MadeCall | null {
  if (queue === undefined) return null;
  let head = heads.get(key) ?? 0;
  while (head < queue.length && done(queue[head]!)) head++;
  heads.set(key, head);
  return queue[head] ?? null;
}
