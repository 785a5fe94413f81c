// The audit log (product.md#user-administration), newest first with older entries on demand: of one user on its page,
// of everyone on /admin/audit. Each entry in words ("Kenji Watanabe disabled j.smith"), with what changed from what.
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { AuditEntry } from '../../core/contract/admin-users.ts';
import { adminCall, failureWords, nameOf, rememberNames } from './admin-call.ts';
import { auditSentence, changesOf, when } from './admin-words.ts';

/** Entries per page: a screen's worth on a phone, a few KB on a paid link. */
const PAGE = 20;

type Read = { state: 'idle' | 'reading' } | { state: 'failed'; message: string };

/** Disabling and enabling say all in their sentence; their detail (the time) adds nothing. */
const SAYS_ALL = /disabl|enabl/i;

function Entry({ entry, linkUser }: { entry: AuditEntry; linkUser: boolean }) {
  const changes = SAYS_ALL.test(entry.action) ? [] : changesOf(entry.detail);
  return (
    <li className="audit-entry">
      <p className="audit-entry__what">
        {auditSentence(entry, nameOf)}
        {linkUser && entry.usrId && (
          <>
            {' '}
            <Link href={`/admin/users/${encodeURIComponent(entry.usrId)}`} className="audit-entry__link">
              Open {entry.usrId}
            </Link>
          </>
        )}
      </p>
      <p className="muted audit-entry__when">{when(entry.at)}</p>
      {changes.length > 0 && (
        <ul className="audit-entry__changes">
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function AuditEntries({ usrId, heading = 'Changes' }: { usrId?: string; heading?: string }) {
  const id = useId();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const [, setNames] = useState(0);

  const ask = useCallback(
    (before: number | null) => {
      setRead({ state: 'reading' });
      void adminCall((api) =>
        api.adminAudit({ limit: PAGE, ...(usrId ? { usrId } : {}), ...(before ? { before } : {}) }),
      ).then((answer) => {
        if (!answer.ok) return setRead({ state: 'failed', message: failureWords(answer) });
        setEntries((old) => (before ? [...old, ...answer.value.entries] : answer.value.entries));
        setNext(answer.value.nextBefore);
        setRead({ state: 'idle' });
      });
    },
    [usrId],
  );
  useEffect(() => ask(null), [ask]);
  // The whole log names people: their names come with one list of every user (the ids show until then).
  useEffect(() => {
    if (usrId) return;
    void adminCall((api) => api.adminUserList({ state: 'all' })).then((answer) => {
      if (!answer.ok) return;
      rememberNames(answer.value.users);
      setNames((n) => n + 1);
    });
  }, [usrId]);

  return (
    <section className="card audit" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__heading">
        {heading}
      </h2>
      {read.state === 'idle' && entries.length === 0 && <p className="muted">No change recorded yet.</p>}
      {entries.length > 0 && (
        <ol className="audit__list" aria-label="Audit entries, newest first">
          {entries.map((e) => (
            <Entry key={e.auditSeq} entry={e} linkUser={!usrId} />
          ))}
        </ol>
      )}
      <div role="status" aria-live="polite">
        {read.state === 'reading' && <p className="muted">Asking the server…</p>}
      </div>
      {read.state === 'failed' && (
        <div className="inline-error admin-failed" role="alert">
          <p>Could not read the audit log. {read.message}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => ask(entries.length > 0 ? next : null)}
          >
            Try again
          </button>
        </div>
      )}
      {read.state === 'idle' && next !== null && (
        <button type="button" className="button button--secondary" onClick={() => ask(next)}>
          Show older changes
        </button>
      )}
    </section>
  );
}
