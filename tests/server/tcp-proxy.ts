import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP forwarder to a real server that a test can cut and restore, as a network fault would. */
export interface TcpProxy {
  /** The local port the proxy listens on (stays the same across `cut`/`restore`). */
  port: number;
  /** Drops every forwarded connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Forwards 127.0.0.1:<port> to `target`. With `listening: false` it starts cut (a dependency that
 * is unreachable from the start). The port is chosen once and reused, so clients keep their URL.
 */
export async function tcpProxy(target: { host: string; port: number }, options: { listening?: boolean } = {}): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) => new Promise<number>((resolve, reject) => {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => { client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (!server) return resolve();
    server.close(() => resolve());
    server = undefined;
  });
  const port = await listen(0);
  if (options.listening === false) await stop();
  return { port, cut: stop, restore: async () => { await listen(port); }, close: stop };
}
