import { answerKey, type Answer } from './answers';

/** One change sent to the service: an answer (null clears it) with the seconds spent on it. */
export interface SaveRequest {
  unit: string;
  question: string;
  answer: Answer | null;
  secondsSpent: number;
}

/** Saves one change and returns the answer the service now holds (null when cleared); rejects with a message for the user. */
export type Persist = (request: SaveRequest) => Promise<Answer | null>;

/** What the "Saved" indicator says. */
export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: number }
  | { state: 'error'; message: string; question: string; unit: string; retry(): void };

export interface AnswerSnapshot {
  answers: ReadonlyMap<string, Answer>;
  status: SaveStatus;
}

/**
 * An annotator's answers on one item, saved the moment they are made. The screen shows each
 * change at once; changes go to the service one after another in the order they were made
 * (so quick tag toggles never overtake each other); a change the service refuses is undone
 * on screen and reported, with a retry. Answers loaded from the service replace the local
 * ones only when nothing local is in flight or newer than the request that loaded them.
 */
export class AnswerStore {
  private answers = new Map<string, Answer>();
  private readonly confirmed = new Map<string, Answer>();
  private pending = 0;
  private changes = 0;
  private chain: Promise<void> = Promise.resolve();
  private status: SaveStatus = { state: 'idle' };
  private snapshot: AnswerSnapshot = { answers: this.answers, status: this.status };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly persist: Persist, private readonly now: () => number = Date.now) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AnswerSnapshot => this.snapshot;

  /** The current (possibly not yet saved) answer. */
  get(unit: string, question: string): Answer | undefined {
    return this.answers.get(answerKey(unit, question));
  }

  /** A marker of local changes so far; pass it to {@link load} with an answer requested now. */
  get version(): number {
    return this.changes;
  }

  /** Whether changes are still on their way to the service. */
  get saving(): boolean {
    return this.pending > 0;
  }

  /**
   * Takes the service's answers, requested when {@link version} was `since`. Ignored (returns
   * false) when a change was made since or is still being saved, unless `force`.
   */
  load(answers: ReadonlyMap<string, Answer>, since: number, force = false): boolean {
    if (!force && (this.pending > 0 || since !== this.changes)) return false;
    this.confirmed.clear();
    for (const [key, answer] of answers) this.confirmed.set(key, answer);
    this.answers = new Map(answers);
    this.publish();
    return true;
  }

  /** Shows a change at once and queues its save; resolves when it is saved or refused. */
  write(unit: string, question: string, answer: Answer | null, secondsSpent: number): Promise<void> {
    const key = answerKey(unit, question);
    this.setLocal(key, answer);
    this.changes++;
    this.pending++;
    this.status = { state: 'saving' };
    this.publish();
    const mine = answer;
    this.chain = this.chain.then(async () => {
      try {
        const saved = await this.persist({ unit, question, answer, secondsSpent });
        if (saved) this.confirmed.set(key, saved);
        else this.confirmed.delete(key);
        // The service's form (a trimmed rationale) wins unless a newer change is on screen.
        if (this.answers.get(key) === mine) this.setLocal(key, saved);
        this.pending--;
        if (this.pending === 0 && this.status.state !== 'error') this.status = { state: 'saved', at: this.now() };
      } catch (error) {
        this.pending--;
        if (this.answers.get(key) === mine) this.setLocal(key, this.confirmed.get(key) ?? null);
        this.status = {
          state: 'error',
          message: error instanceof Error ? error.message : String(error),
          question,
          unit,
          retry: () => void this.write(unit, question, answer, 0),
        };
      }
      this.publish();
    });
    return this.chain;
  }

  /** Resolves once every queued change is saved or refused. */
  flush(): Promise<void> {
    return this.chain;
  }

  /** Forgets a reported error (the person read it). */
  dismissError(): void {
    if (this.status.state !== 'error') return;
    this.status = this.pending > 0 ? { state: 'saving' } : { state: 'idle' };
    this.publish();
  }

  private setLocal(key: string, answer: Answer | null): void {
    const next = new Map(this.answers);
    if (answer) next.set(key, answer);
    else next.delete(key);
    this.answers = next;
  }

  private publish(): void {
    this.snapshot = { answers: this.answers, status: this.status };
    for (const listener of this.listeners) listener();
  }
}
