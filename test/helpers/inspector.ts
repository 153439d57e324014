/**
 * Runs a full, memory-reducing garbage collection in a server started with
 * `NODE_OPTIONS=--inspect=127.0.0.1:<port>` (Chrome DevTools Protocol, HeapProfiler.collectGarbage),
 * so what is measured afterwards is memory the server still holds, not garbage V8 has not yet
 * collected or heap it grew and has not yet given back.
 */
export async function collectGarbage(inspectPort: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets[0];
  if (!target) throw new Error("No inspector target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("Inspector connection failed")), {
      once: true,
    });
  });
  try {
    for (let id = 1; id <= 2; id++) {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (event: MessageEvent) => {
          const message = JSON.parse(String(event.data)) as { id?: number; error?: unknown };
          if (message.id !== id) return;
          socket.removeEventListener("message", onMessage);
          if (message.error) reject(new Error(JSON.stringify(message.error)));
          else resolve();
        };
        socket.addEventListener("message", onMessage);
        socket.send(JSON.stringify({ id, method: "HeapProfiler.collectGarbage" }));
      });
    }
  } finally {
    socket.close();
  }
}
