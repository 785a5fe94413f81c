// `npm run docs:config`: writes the table of the server's environment variables into docs/configuration.md, from
// server/config-vars.ts, so the doc cannot drift from what the server reads (tests/config-docs.test.ts checks it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_VARS, withTable } from '../server/config-vars.ts';

const doc = join(import.meta.dirname, '..', 'docs', 'configuration.md');
writeFileSync(doc, withTable(readFileSync(doc, 'utf8')));
console.log(`${doc}: ${ENV_VARS.length} variables`);
