// Imported first by the CLI scripts (scripts/*.mts), so that nothing they create, not even what a
// module creates as it loads, is readable by other users: see restrictFileModes.
import { restrictFileModes } from "@/lib/db/private-files";

restrictFileModes();
