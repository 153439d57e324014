import * as project from "@/app/api/projects/[id]/route";
import * as projects from "@/app/api/projects/route";
import * as sections from "@/app/api/sections/[id]/route";
import * as settings from "@/app/api/settings/route";
import { nodeRouteHandler, type RouteModule } from "@/lib/api/node-route";
import { STATIC_SIBLINGS, type UploadRoute } from "@/lib/api/upload-routes";

/**
 * The multipart routes, answered on the Node.js request (lib/api/node-route.ts): next.config.ts
 * rewrites their multipart requests here (lib/api/upload-routes.ts), and each route's own App
 * Router handler answers.
 */
const routes: Record<UploadRoute, RouteModule> = {
  projects,
  "projects/[id]": project,
  "sections/[id]": sections,
  settings,
};

export default nodeRouteHandler(routes, STATIC_SIBLINGS);

// The body is the upload handler's to read, as it arrives; it answers every request itself.
export const config = { api: { bodyParser: false, externalResolver: true } };
