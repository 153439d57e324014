import { dispatchAuthRequest } from "@/lib/auth-service/router";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return dispatchAuthRequest(request, (await params).path);
}

// DELETE and PATCH are routed too, so they get GoTrue's JSON 405 instead of Next.js's empty one.
export {
  handle as GET,
  handle as POST,
  handle as PUT,
  handle as DELETE,
  handle as PATCH,
  handle as OPTIONS,
};
