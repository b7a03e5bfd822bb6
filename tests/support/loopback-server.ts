// A test's local stand-in for an outside service (the menu provider, its checkout): listening on a free port
// of 127.0.0.1, and closed with its open connections. Nothing in the tests reaches the internet.
import type http from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on a free loopback port; answers the server's base address ("http://127.0.0.1:PORT"). */
export async function listenOnLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes it, its keep-alive connections too. */
export async function closeLoopbackServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
