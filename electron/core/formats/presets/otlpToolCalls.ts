/**
 * A call a model made, as the OTLP reader added it to a conversation: what answers it is
 * looked up here, for a tool message of a later model call's history and for an OpenInference
 * TOOL span.
 */
export interface MadeCall {
  id: string | null;
  name: string;
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
 * The calls of one conversation, in the order they were added, with what answers them. Every
 * look-up takes constant time, amortised: the calls are kept by id and in a queue per tool
 * name (and one in all), and a queue's head moves past the calls that are answered for good.
 *
 * Outputs are paired as the chat reader pairs them afterwards (`pairToolTurns`: by id, else
 * the earliest open call of the output's name, else the earliest open call), so that an
 * output written without a call id — the call had none — is linked to the call chosen here.
 */
export class MadeCalls {
  private readonly inOrder: MadeCall[] = [];
  private readonly byId = new Map<string, MadeCall>();
  private readonly byName = new Map<string, MadeCall[]>();
  private historyHead = 0;
  private readonly historyHeads = new Map<string, number>();
  private readonly spanHeads = new Map<string, number>();

  /**
   * Adds a call. A call id is looked up as the first call that has it, until that call is
   * answered: a later call that reuses the id (the reader adds one only once the first is
   * answered) takes it over.
   */
  add(id: string | null, name: string, at: number): void {
    const call: MadeCall = { id, name, at, historyAt: null, paired: false };
    this.inOrder.push(call);
    const earlier = id === null ? undefined : this.byId.get(id);
    if (id !== null && (earlier === undefined || earlier.historyAt !== null || earlier.paired)) this.byId.set(id, call);
    const same = this.byName.get(name);
    if (same) same.push(call);
    else this.byName.set(name, [call]);
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
    if (call !== null) call.historyAt = at;
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
   * - otherwise (no id, or one no call has) the earliest candidate call of the span's tool
   *   name: the k-th TOOL span of a tool answers its k-th call still open. A span whose id no
   *   call has answers none when that earliest call has another id (the ids disagree).
   */
  pairSpan(id: string | null, name: string): MadeCall | Unpaired {
    const known = id === null ? undefined : this.byId.get(id);
    if (known !== undefined) {
      if (known.paired || known.historyAt !== null) return 'call-answered';
      known.paired = true;
      return known;
    }
    const call = first(this.byName.get(name), this.spanHeads, name, (c) => c.paired || c.historyAt !== null);
    if (call === null) return 'no-open-call';
    if (id !== null && call.id !== null) return 'other-id';
    call.paired = true;
    return call;
  }
}

/** The first call of `key`'s queue that is not `done`, moving the queue's head past the ones that are (they stay done). */
function first(queue: MadeCall[] | undefined, heads: Map<string, number>, key: string, done: (call: MadeCall) => boolean): MadeCall | null {
  if (queue === undefined) return null;
  let head = heads.get(key) ?? 0;
  while (head < queue.length && done(queue[head]!)) head++;
  heads.set(key, head);
  return queue[head] ?? null;
}
