// `npm run import -- <file>`: imports a file into the database `npm start` uses (DATABASE_URL, or DATA_DIR's
// PGlite), preparing it as a start would. Bad input: one line naming file, row and problem, exit 1, nothing written.
import { loadConfig } from '../config.ts';
import { prepareStorage } from '../boot.ts';
import { openDb } from '../db/db.ts';
import { createDispatcher, withDomainEvents } from '../domain/events.ts';
import { DOMAIN_REACTIONS } from '../domain/reactions.ts';
import { importFile, report } from './run.ts';

const USAGE = 'usage: npm run import -- <file>   (integration.md#starting-empty-and-importing)';

async function main(args: readonly string[]): Promise<number> {
  const [path, ...rest] = args;
  if (!path || rest.length > 0 || path.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await openDb({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir ? `${config.dataDir}/pglite` : undefined,
  });
  try {
    await prepareStorage(db, config);
    // The server's path for every change (architecture.md#domain-events): the rules make the notifications in the
    // same transaction; the running servers' devices learn of them at their next pull.
    const dispatcher = createDispatcher((err) => console.error(err));
    const domain = withDomainEvents(db, { reactions: DOMAIN_REACTIONS, dispatcher });
    const result = await importFile(domain, path);
    for (const line of report(path, result)) console.log(line);
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  // Bad input and bad settings are the user's to fix, and a stack would bury the line that says how.
  console.error(`import: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
