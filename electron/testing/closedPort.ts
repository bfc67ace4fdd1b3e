import net, { type AddressInfo } from 'node:net';

/**
 * A port on 127.0.0.1 that nothing listens on (bound, then closed), for tests of an endpoint
 * that refuses connections. Another process could take it in between; on a test machine that is
 * rare enough, and such a test then fails loudly rather than passing wrongly.
 */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
