// The part of oidc-provider's API the Google sign-in test uses (the package ships no types).
declare module "oidc-provider" {
  import type http from "node:http";

  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };

  type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount?: (context: unknown, id: string) => Promise<Account | undefined>;
    cookies?: { keys?: string[] };
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number): http.Server;
  }
}
