import net from 'node:net';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given to 127.0.0.1:`port` and reads the answer until the server closes
 * the connection — for requests fetch would refuse or rewrite (a malformed percent-encoding, a
 * `..//` path, a foreign Host, an unknown method). Ask with `connection: close`.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseReply(Buffer.concat(chunks).toString('utf8'))));
    // Not end(): a client that half-closes has its pending answers dropped by node's server.
    socket.write(request);
  });
}

/** A GET/POST request's text with the given target, headers and body (Host defaults to the port's). */
export function requestText(port: number, method: string, target: string, headers: Record<string, string> = {}, body = ''): string {
  const all: Record<string, string> = { host: `127.0.0.1:${port}`, connection: 'close', ...headers };
  if (body && !('content-length' in all)) all['content-length'] = String(Buffer.byteLength(body));
  return `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body}`;
}

export function parseReply(text: string): RawReply {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  let body = split < 0 ? '' : text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, line), 16);
    if (!size) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

/**
 * Opens a connection that sends a request's headers a few bytes at a time and never finishes
 * them (a "slowloris" client); `close` ends it. `closed` resolves when the server cuts it off.
 */
export function tricklingSocket(port: number, everyMs = 200): { closed: Promise<void>; close(): void } {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const text = `GET / HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-slow: ${'a'.repeat(100_000)}`;
  let at = 0;
  const timer = setInterval(() => {
    if (socket.writable) socket.write(text.slice(at, at + 2));
    at += 2;
  }, everyMs);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  void closed.then(() => clearInterval(timer));
  return {
    closed,
    close: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
