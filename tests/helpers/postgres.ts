// Real PostgreSQL for tests when DATABASE_URL is set: a template database made once, a copy per test file.
export const templateDbName = (): string => `quay_tpl_${process.pid}`;

/** The same server, connected to its maintenance database, to create and drop test databases. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}
