// Imported first by the command-line tools (backup, restore, db:migrate, seed:demo, import,
// doctor): they see the same settings as `next start`, which reads the site's .env files too.
import { loadEnvFiles } from "./env-files";

loadEnvFiles();
