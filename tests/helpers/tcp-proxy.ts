import net from "node:net";

/**
 * A TCP pass-through in front of a real service (e.g. Redis) that a test can
 * take down and bring back on the same port, to simulate an outage and its end.
 */
export type TcpProxy = {
  port: number;
  url(scheme: string): string;
  /** Stops accepting and cuts every open connection. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        s.off("error", reject);
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const down = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      sockets.clear();
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    down,
    up: listen,
    close: down,
  };
}
