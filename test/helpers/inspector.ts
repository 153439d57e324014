/**
 * Runs a full, memory-reducing garbage collection in a server started with
 * `NODE_OPTIONS=--inspect=127.0.0.1:<port>` (Chrome DevTools Protocol, HeapProfiler.collectGarbage),
 * so what is measured afterwards is memory the server still holds, not garbage V8 has not yet
 * collected or heap it grew and has not yet given back.
 */
export async function collectGarbage(inspectPort: number): Promise<void> {
  await inspect(inspectPort, [
    { method: "HeapProfiler.collectGarbage" },
    { method: "HeapProfiler.collectGarbage" },
  ]);
}

/**
 * The memory the server's JavaScript holds after a full collection: V8's used heap plus the
 * buffers it owns outside the heap (`process.memoryUsage()` read through the inspector). Unlike
 * RSS, this does not keep the pages V8 and the allocator grew and have not yet given back, so it
 * measures what a load kept, not how a busy machine fragmented the heap.
 */
export async function retainedAfterGarbage(inspectPort: number): Promise<number> {
  const [, , usage] = await inspect(inspectPort, [
    { method: "HeapProfiler.collectGarbage" },
    { method: "HeapProfiler.collectGarbage" },
    {
      method: "Runtime.evaluate",
      params: { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true },
    },
  ]);
  const { heapUsed, external } = JSON.parse(
    (usage as { result: { value: string } }).result.value,
  ) as { heapUsed: number; external: number };
  return heapUsed + external;
}

/** Sends the commands one after another to the server's inspector; returns their results. */
async function inspect(
  inspectPort: number,
  commands: { method: string; params?: unknown }[],
): Promise<unknown[]> {
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
    const results: unknown[] = [];
    for (const [index, command] of commands.entries()) {
      const id = index + 1;
      results.push(
        await new Promise<unknown>((resolve, reject) => {
          const onMessage = (event: MessageEvent) => {
            const message = JSON.parse(String(event.data)) as {
              id?: number;
              error?: unknown;
              result?: unknown;
            };
            if (message.id !== id) return;
            socket.removeEventListener("message", onMessage);
            if (message.error) reject(new Error(JSON.stringify(message.error)));
            else resolve(message.result);
          };
          socket.addEventListener("message", onMessage);
          socket.send(JSON.stringify({ id, ...command }));
        }),
      );
    }
    return results;
  } finally {
    socket.close();
  }
}
