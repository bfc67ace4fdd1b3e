/**
 * Per-event listener sets behind one raw subscription (an EventSource or the preload bridge),
 * so a page that subscribes to one event never sees another's payloads.
 */
export class EventListeners {
  private readonly byEvent = new Map<string, Set<(payload: unknown) => void>>();

  /** Adds a listener; returns its removal. `onFirst` runs when the event gains its first listener. */
  add(event: string, listener: (payload: unknown) => void, onFirst?: () => void): () => void {
    let set = this.byEvent.get(event);
    if (!set) {
      set = new Set();
      this.byEvent.set(event, set);
      onFirst?.();
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Delivers one payload; a throwing listener does not stop the others. */
  dispatch(event: string, payload: unknown): void {
    for (const listener of [...(this.byEvent.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`listener of ${event} failed`, error);
      }
    }
  }
}
