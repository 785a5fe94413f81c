// `npm run admin -- <command>`: the user administration for scripts (product.md#user-administration), on the database
// `npm start` uses (DATABASE_URL, or DATA_DIR's PGlite), with the rules and audit log of the API; its actor is 'cli'.
import { parseArgs } from 'node:util';
import { Compile } from 'typebox/compile';
import { loadConfig } from '../config.ts';
import { prepareStorage } from '../boot.ts';
import { openDb, type Db } from '../db/db.ts';
import { createDispatcher, withDomainEvents } from '../domain/events.ts';
import { DOMAIN_REACTIONS } from '../domain/reactions.ts';
import { HttpError } from '../http/errors.ts';
import { auditEntries, listUsers, oneUser } from './user-read.ts';
import { addUser, changeUser, disableUser, enableUser, type Acting } from './users.ts';
import { liveEventsOf, tellInstances } from './tell-instances.ts';
import type { LiveEvent } from '../bus/events.ts';
import { NewUserBody, UserChangeBody, type AdminUser } from '../../src/core/contract/admin-users.ts';

const USAGE = `usage: npm run admin -- <command> [options]   (product.md#user-administration)

  list [--q text] [--disabled | --all] [--type T]   users by id (active ones unless --disabled or --all)
  show <id>                                        one user
  add <id> --name N --type T [user options]        a new user
  set <id> [user options]                          changes what the options say, leaves the rest
  disable <id>                                     ends its sessions and closes its live connections
  enable <id>                                      lets it sign on again
  audit [<id>] [--limit N]                         the audit log, newest first

user options: --name N  --type 2|3|4|5|6|1  --roles A,B (VSL00 NAV00 NAV01 AGT00 ADM00; "" for none)
              --vessel VSL (type 4)  --ports P1,P2 (type 3)  --email E  --office O  --password-stdin
--json prints the API's JSON. Exit 0 done, 1 refused (the reason on stderr), 2 bad usage.`;

const OPTIONS = {
  q: { type: 'string' },
  disabled: { type: 'boolean' },
  all: { type: 'boolean' },
  type: { type: 'string' },
  name: { type: 'string' },
  roles: { type: 'string' },
  vessel: { type: 'string' },
  ports: { type: 'string' },
  email: { type: 'string' },
  office: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

class Usage extends Error {}

const COMMANDS = ['list', 'show', 'add', 'set', 'disable', 'enable', 'audit'];

const ACTING: Acting = { actor: 'cli', usrId: null };
const list = (v: string): string[] =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The body the options make, checked against the API's contract: the same 400s as the API's, in one line. */
async function bodyOf(o: Options, usrId?: string): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  if (usrId !== undefined) body.usrId = usrId;
  if (o.name !== undefined) body.usrNm = o.name;
  if (o.type !== undefined) body.usrTpCd = o.type;
  if (o.roles !== undefined) body.roles = list(o.roles);
  if (o.vessel !== undefined) body.vslCd = o.vessel;
  if (o.ports !== undefined) body.ports = list(o.ports);
  if (o.email !== undefined) body.email = o.email;
  if (o.office !== undefined) body.ofcId = o.office;
  if (o['password-stdin']) body.password = await readStdin();
  const check = usrId !== undefined ? Compile(NewUserBody) : Compile(UserChangeBody);
  const first = [...check.Errors(body)][0];
  if (first) {
    const field = first.instancePath.replace(/^\//, '').split('/')[0] || 'the options';
    throw new HttpError(400, 'ValidationError', `${field}: ${first.message}`);
  }
  return body;
}

function printUser(u: AdminUser): void {
  const lines: [string, string][] = [
    ['id', u.usrId],
    ['name', u.usrNm],
    ['type', u.usrTpCd],
    ['roles', u.roles.join(',') || '-'],
    ['vessel', u.vslCd ?? '-'],
    ['office', u.ofcId || '-'],
    ['ports', u.ports.join(',') || '-'],
    ['email', u.email || '-'],
    ['password', u.hasPassword ? 'yes' : 'no'],
    ['identities', u.identities.join(', ') || '-'],
    ['created', u.createdAt],
    ['disabled', u.disabledAt ?? '-'],
    ['last seen', u.lastSeenAt ?? '-'],
    ['live sessions', String(u.liveSessions)],
  ];
  for (const [k, v] of lines) console.log(`${k.padEnd(14)}${v}`);
}

function printList(users: readonly AdminUser[], more: boolean): void {
  const rows = users.map((u) => [
    u.usrId,
    u.usrTpCd,
    u.roles.join(',') || '-',
    u.vslCd ?? (u.ports.join(',') || '-'),
    u.disabledAt ? 'disabled' : 'active',
    u.usrNm,
  ]);
  const head = ['ID', 'TYPE', 'ROLES', 'VESSEL/PORTS', 'STATE', 'NAME'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [head, ...rows])
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  if (more) console.log('… more: narrow the list with --q or --type');
}

/** Runs one command on the database; sessionsEnded collects the sids a disable ended, to tell the servers. */
async function run(db: Db, command: string, args: readonly string[], o: Options): Promise<unknown> {
  const id = (): string => {
    const [usrId, ...rest] = args;
    if (!usrId || rest.length > 0) throw new Usage(`${command} takes one user id`);
    return usrId;
  };
  switch (command) {
    case 'list': {
      if (args.length > 0) throw new Usage('list takes no user id: use --q');
      const state = o.all ? 'all' : o.disabled ? 'disabled' : 'active';
      const query = { ...(o.q !== undefined ? { q: o.q } : {}), state, ...(o.type ? { type: o.type } : {}) };
      const page = await listUsers(db, query as Parameters<typeof listUsers>[1]);
      if (!o.json) printList(page.users, page.more);
      return page;
    }
    case 'show':
      return oneUser(db, id());
    case 'add': {
      const body = await bodyOf(o, id());
      return db.tx((sql) => addUser(sql, ACTING, body as NewUserBody));
    }
    case 'set': {
      const usrId = id();
      const body = await bodyOf(o);
      return db.tx((sql) => changeUser(sql, ACTING, usrId, body as UserChangeBody));
    }
    case 'disable': {
      const usrId = id();
      return db.tx((sql) => disableUser(sql, ACTING, usrId));
    }
    case 'enable': {
      const usrId = id();
      return db.tx((sql) => enableUser(sql, ACTING, usrId));
    }
    case 'audit': {
      if (args.length > 1) throw new Usage('audit takes at most one user id');
      const limit = o.limit === undefined ? undefined : Number(o.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 200))
        throw new Usage('--limit is a whole number from 1 to 200');
      const page = await auditEntries(db, {
        ...(args[0] ? { usrId: args[0] } : {}),
        ...(limit ? { limit } : {}),
      });
      if (!o.json)
        for (const e of page.entries)
          console.log(
            `#${e.auditSeq}  ${e.at}  ${e.actor}  ${e.action}  ${e.usrId ?? '-'}  ${JSON.stringify(e.detail)}`,
          );
      return page;
    }
    default:
      throw new Usage(`unknown command ${command}`);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`admin: ${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const { values: o, positionals } = parsed;
  const [command, ...args] = positionals;
  if (o.help || !command) {
    (o.help ? console.log : console.error)(USAGE);
    return o.help ? 0 : 2;
  }
  if (!COMMANDS.includes(command)) {
    console.error(`admin: unknown command ${command}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const raw = await openDb({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir ? `${config.dataDir}/pglite` : undefined,
  });
  try {
    await prepareStorage(raw, config);
    // The server's path for every change (architecture.md#domain-events); what follows for the running servers'
    // live connections (sessions ended, rights changed, sync hints) is told to them after the commit.
    const told: LiveEvent[] = [];
    let ended = 0;
    const dispatcher = createDispatcher((err) => console.error(err));
    dispatcher.subscribe((events, committed) => {
      told.push(...liveEventsOf(events, committed));
      for (const e of events) if (e.type === 'sessionsEnded') ended += e.sids.length;
    });
    const db = withDomainEvents(raw, { reactions: DOMAIN_REACTIONS, dispatcher });
    const result = await run(db, command, args, o);
    if (o.json) console.log(JSON.stringify(result, null, 2));
    else if (command !== 'list' && command !== 'audit') printUser(result as AdminUser);
    if (told.length > 0) {
      const what = ended > 0 ? `${ended} session(s) ended; ` : '';
      const later =
        'a running server closes the live connections it concerns at its next session sweep (within 30 s)';
      if (config.amqpUrl) {
        try {
          await tellInstances(config.amqpUrl, told);
          console.error(`${what}the running servers were told`);
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          console.error(`${what}RabbitMQ could not be told (${why}): ${later}`);
        }
      } else if (ended > 0 || told.some((e) => e.t === 'userChanged')) console.error(`${what}${later}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof Usage) {
      console.error(`admin: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof HttpError && err.statusCode < 500) {
      console.error(`admin: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await raw.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  // Bad settings and a database that cannot be reached are the user's to fix; a stack would bury the line.
  console.error(`admin: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
