import type { Server } from "node:http";
import net, { type Socket } from "node:net";

/** A connection open this long without sending a request is given up on when the server stops. */
const FIRST_REQUEST_WAIT_MS = 10_000;
const SWEEP_MS = 50;

type ConnectionState = { requests: number; answered: number; openedAt: number };

/**
 * The server's connections and the requests in progress on each, so that a stop closes a
 * keep-alive connection only between requests. Node's own `server.close()` also closes every
 * connection it counts as idle, and that includes one accepted a moment ago whose first request
 * has not been read yet: its client had sent a request and got a reset instead of an answer
 * (what a SIGTERM to every process under load showed).
 */
export function trackConnections(server: Server) {
  const connections = new Map<Socket, ConnectionState>();
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { requests: 0, answered: 0, openedAt: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.requests++;
    // 'finish', not 'close': a response already has ten 'close' listeners (Node warns at eleven);
    // one that never finishes is one whose connection closed, and that connection is forgotten.
    res.once("finish", () => {
      state.requests--;
      state.answered++;
    });
  });

  /** Between requests: it has answered one at least and has none in progress. */
  function idleBetweenRequests(state: ConnectionState): boolean {
    return state.requests === 0 && state.answered > 0;
  }

  /** Accepted, but its client never sent a request (a browser's spare connection). */
  function neverUsed(state: ConnectionState): boolean {
    return (
      state.requests === 0 && state.answered === 0 && Date.now() - state.openedAt > FIRST_REQUEST_WAIT_MS
    );
  }

  function closeIdle() {
    for (const [socket, state] of connections) {
      if (idleBetweenRequests(state) || neverUsed(state)) socket.destroy();
    }
  }

  /**
   * Stops accepting connections and resolves once every accepted one has had its requests
   * answered and is closed. A connection whose first request is on its way is waited for.
   */
  function close(): Promise<void> {
    return new Promise((resolve) => {
      // net.Server's close, not http.Server's: the latter would also close just-accepted connections.
      net.Server.prototype.close.call(server, () => {
        clearInterval(sweep);
        resolve();
      });
      closeIdle();
      const sweep = setInterval(closeIdle, SWEEP_MS);
    });
  }

  return { close };
}
