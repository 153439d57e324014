// `npm run auth:rotate-key` (DATABASE_URL only): adds a new JWT signing key that signs from now on,
// on every server of the database. The JWKS lists the new and the previous key, and tokens of the
// previous key verify until they expire (AUTH_JWT_EXPIRY). docs/operations.md "Key rotation".
import "@/scripts/cli/private-umask";
import "@/scripts/cli/cli-env";
import { rotateSigningKey } from "@/lib/auth-service/keys";
import { closeDb } from "@/lib/db";

try {
  const kid = await rotateSigningKey();
  console.log(
    `New signing key ${kid} is current; tokens of the previous key verify until they expire.`,
  );
} catch (error) {
  console.error(`Key rotation failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
