import { describe, expect, it, vi } from 'vitest';
import { openEventStream, readFrames } from './eventStream';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('server-sent events over fetch', () => {
  it('parses named events split across chunks, skipping comments', async () => {
    const seen: [string, string][] = [];
    await readFrames(streamOf(': connected\n\n', 'event: job.progress\nda', 'ta: {"done":1}\n\nevent: workspace.changed\ndata: {"what":"datasets"}\n\n'), (name, data) => seen.push([name, data]));
    expect(seen).toEqual([
      ['job.progress', '{"done":1}'],
      ['workspace.changed', '{"what":"datasets"}'],
    ]);
  });

  it('sends the bearer header (EventSource could not) and reconnects after the stream ends', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response(streamOf('event: a\ndata: 1\n\n'), { status: 200 }));
    const events: string[] = [];
    const stop = openEventStream(new URL('http://127.0.0.1:4000/api/events'), () => ({ authorization: 'Bearer t' }), (name) => events.push(name), fetchMock);
    await vi.advanceTimersByTimeAsync(1500);
    stop();
    vi.useRealTimers();
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
    const init = (fetchMock.mock.calls[0] as unknown as [URL, RequestInit])[1];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t');
    expect(events[0]).toBe('a');
  });
});
