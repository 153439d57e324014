import { dispatchAuthRequest } from "@/lib/auth-service/router";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return dispatchAuthRequest(request, (await params).path);
}

export { handle as GET, handle as POST, handle as PUT, handle as OPTIONS };
