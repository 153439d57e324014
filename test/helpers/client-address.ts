import http from "node:http";

/**
 * A fetch whose connections leave from `localAddress` (127.0.0.1, 127.0.0.2, … are all this
 * machine), so a test can be two different clients to the server without trusting any header.
 * `record` sees every answer's status.
 */
export function fetchFrom(localAddress: string, record?: (status: number, url: string) => void) {
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.host;
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port: url.port,
          path: url.pathname + url.search,
          method: request.method,
          headers,
          localAddress,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => {
            const status = incoming.statusCode ?? 0;
            record?.(status, request.url);
            const responseHeaders = new Headers();
            for (const [key, value] of Object.entries(incoming.headers))
              for (const item of [value ?? []].flat()) responseHeaders.append(key, item);
            const empty = [101, 204, 205, 304].includes(status);
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                headers: responseHeaders,
              }),
            );
          });
          incoming.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  };
  return fetchImpl as typeof fetch;
}
