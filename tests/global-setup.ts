// Runs once before all test files: builds a migrated, seeded template database so each file starts in well under a second.
import { writeFile, mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { openDb } from '../server/db/db.ts';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/seed/seed.ts';
import { templateDbName, adminUrl } from './helpers/postgres.ts';

export default async function setup(project: TestProject): Promise<void | (() => Promise<void>)> {
  const url = process.env.DATABASE_URL;
  const seedNow = new Date().toISOString();
  project.provide('seedNow', seedNow);
  project.provide('pgTemplate', '');
  project.provide('templateFile', '');
  if (url) {
    const admin = await openDb({ databaseUrl: adminUrl(url) });
    const name = templateDbName();
    project.provide('pgTemplate', name);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    const tpl = await openDb({ databaseUrl: withDb(url, name) });
    await migrate(tpl);
    await seed(tpl, { now: new Date(seedNow) });
    await tpl.close();
    return;
  }
  const db = await openPglite();
  await migrate(db);
  await seed(db, { now: new Date(seedNow) });
  const dump = await db.dump();
  await db.close();
  // One file per run, so that runs started side by side never read each other's half-written template.
  const file = `node_modules/.cache/quay-test/template-${process.pid}.tar`;
  await mkdir('node_modules/.cache/quay-test', { recursive: true });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateFile', file);
  return async () => {
    await rm(file, { force: true });
  };
}

export function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    seedNow: string;
    pgTemplate: string;
    templateFile: string;
  }
}
