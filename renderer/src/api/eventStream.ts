/**
 * Server-sent events read with fetch rather than EventSource: EventSource cannot send an
 * Authorization header, and the token must travel in that header only — not in the URL (query
 * strings land in history and logs) nor in a cookie (a browser sends it to every port of
 * 127.0.0.1). Like EventSource, it reconnects after the stream drops, waiting longer each time
 * (up to 10 s) until a connection succeeds.
 */
export function openEventStream(
  url: URL,
  headers: () => Record<string, string>,
  onEvent: (name: string, data: string) => void,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): () => void {
  let stopped = false;
  let delay = 1000;
  const controller = new AbortController();

  const connect = async () => {
    while (!stopped) {
      try {
        const response = await fetchImpl(url, { headers: { accept: 'text/event-stream', ...headers() }, signal: controller.signal, cache: 'no-store' });
        if (response.ok && response.body) {
          delay = 1000;
          await readFrames(response.body, onEvent);
        }
      } catch {
        // dropped or refused: try again below
      }
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  };
  void connect();
  return () => {
    stopped = true;
    controller.abort();
  };
}

/** Reads `event:`/`data:` frames (blank-line separated) until the stream ends. */
export async function readFrames(body: ReadableStream<Uint8Array>, onEvent: (name: string, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const frames = buffer.split(/\r?\n\r?\n/);
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      let name = 'message';
      const data: string[] = [];
      for (const line of frame.split(/\r?\n/)) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = text;
        else if (field === 'data') data.push(text);
      }
      if (data.length > 0) onEvent(name, data.join('\n'));
    }
  }
}
