import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ApiEvents, EventName } from '../api/contract';
import { JOB_CANCELS_CHANNEL } from '../../db/queries/jobs';
import { pgClient } from '../../db/sql/pgConnection';

/** The channel every server of a PostgreSQL workspace listens on. */
export const EVENTS_CHANNEL = 'accord_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ours are ids and counts, far below. */
const MAX_PAYLOAD_BYTES = 7_900;

type Deliver = <E extends EventName>(event: E, payload: ApiEvents[E]) => void;

/**
 * Live updates across the servers of one PostgreSQL workspace (issue 16, "stateless servers"):
 * an event one server emits (job progress, "labels changed") is sent with NOTIFY, and every server
 * — the sender too — hears it on its LISTEN connection and hands it to its own browsers. So a
 * browser sees the same events whichever server it talks to, and none twice. Notifications are
 * sent outside any write's transaction, after the work they report is committed.
 */
export class PgEventBus {
  private closed = false;
  /** Notifications go out one after another on the one connection (pg runs one query at a time). */
  private sending: Promise<unknown> = Promise.resolve();
  /** Who hears job cancels (the job runners of this server). */
  private readonly cancelListeners = new Set<(jobId: number) => void>();

  private constructor(
    private readonly client: pg.Client,
    private readonly deliver: Deliver,
    /** Tells this server's own notifications apart in tests and logs. */
    readonly serverId: string,
  ) {}

  /** Connects, LISTENs, and delivers what every server of the database emits to `deliver`. */
  static async start(url: string, deliver: Deliver): Promise<PgEventBus> {
    const client = pgClient(url, 'accord events');
    await client.connect();
    const bus = new PgEventBus(client, deliver, randomUUID());
    client.on('notification', (message) => (message.channel === JOB_CANCELS_CHANNEL ? bus.cancelled(message.payload) : bus.receive(message.payload)));
    // A dropped connection ends live updates on this server; its requests still work.
    client.on('error', (error) => {
      if (!bus.closed) console.error(`accord: live updates stopped: ${error.message}`);
    });
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    // Cancels of leased jobs, announced by the write that cancels (db/queries/jobs.ts cancelJob).
    await client.query(`LISTEN ${JOB_CANCELS_CHANNEL}`);
    return bus;
  }

  /** Calls `listener` with the id of every job cancelled on any server; returns the unsubscribe. */
  onJobCancelled(listener: (jobId: number) => void): () => void {
    this.cancelListeners.add(listener);
    return () => void this.cancelListeners.delete(listener);
  }

  /** Sends an event to every server of the workspace (this one included). */
  publish<E extends EventName>(event: E, payload: ApiEvents[E]): void {
    if (this.closed) return;
    const text = JSON.stringify({ from: this.serverId, event, payload });
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
      // Too big to send: this server's browsers still hear it.
      this.deliver(event, payload);
      return;
    }
    this.sending = this.sending.then(() =>
      this.client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, text]).catch((error: Error) => {
        if (!this.closed) console.error(`accord: could not send a live update: ${error.message}`);
      }),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.sending;
    await this.client.end().catch(() => {});
  }

  private cancelled(text: string | undefined): void {
    const id = Number(text);
    if (!Number.isInteger(id)) return;
    for (const listener of this.cancelListeners) listener(id);
  }

  private receive(text: string | undefined): void {
    if (!text) return;
    try {
      const { event, payload } = JSON.parse(text) as { event: EventName; payload: ApiEvents[EventName] };
      this.deliver(event, payload as never);
    } catch {
      // Not one of ours (someone else NOTIFYing on the channel): ignored.
    }
  }
}
