import { createClient } from "@libsql/client";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "@/server/db/availability";

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe("isDatabaseUnreachable (503 rather than 500 while the server is away)", () => {
  it("is true for what the remote client throws when nothing answers", async () => {
    const client = createClient({ url: `http://127.0.0.1:${await closedPort()}` });
    const error = await client.execute("SELECT 1").then(
      () => null,
      (e: unknown) => e,
    );
    client.close();
    expect(error).not.toBeNull();
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it("is false for SQL errors and other failures a server that answers gives", async () => {
    const client = createClient({ url: ":memory:" });
    const error = await client.execute("SELECT * FROM no_such_table").then(
      () => null,
      (e: unknown) => e,
    );
    client.close();
    expect(isDatabaseUnreachable(error)).toBe(false);
    expect(isDatabaseUnreachable(new Error("UNIQUE constraint failed: investments.no"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
