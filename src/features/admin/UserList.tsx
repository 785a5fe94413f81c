// The Users list of product.md#user-administration: find by text, filter by state and type, each user a link to its
// page with its name, id, type, vessel or ports, state and when last seen. Asked of the server each time (online only).
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { USER_TYPES, type AdminUser, type AdminUserQuery } from '../../core/contract/admin-users.ts';
import { adminCall, failureWords, rememberNames } from './admin-call.ts';
import { reachOf, stateWord, typeLabel, when } from './admin-words.ts';

type Read =
  | { state: 'reading' }
  | { state: 'read'; users: AdminUser[]; more: boolean }
  | { state: 'failed'; message: string };

type StateFilter = NonNullable<AdminUserQuery['state']>;

export function UserList({ current, version }: { current?: string | undefined; version: number }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [state, setState] = useState<StateFilter>('active');
  const [type, setType] = useState<AdminUserQuery['type'] | ''>('');
  const [read, setRead] = useState<Read>({ state: 'reading' });

  const ask = useCallback(() => {
    setRead({ state: 'reading' });
    void adminCall((api) => api.adminUserList({ q, state, ...(type ? { type } : {}) })).then((answer) => {
      if (!answer.ok) return setRead({ state: 'failed', message: failureWords(answer) });
      rememberNames(answer.value.users);
      setRead({ state: 'read', users: answer.value.users, more: answer.value.more });
    });
  }, [q, state, type]);
  // Asked again after a change on the page beside it (the desk), so the list says what the server now holds.
  useEffect(ask, [ask, version]);

  return (
    <section className="card admin-list" aria-labelledby={`${id}-title`}>
      <div className="admin-list__head">
        <h2 id={`${id}-title`} className="card__heading">
          Users
        </h2>
        <Link href="/admin/add-user" className="button button--primary">
          Add user
        </Link>
      </div>
      <form
        role="search"
        aria-label="Find users"
        className="admin-find"
        onSubmit={(e) => {
          e.preventDefault();
          // The same words asked again still ask the server: another administrator may have changed something.
          if (typed.trim() === q) ask();
          else setQ(typed.trim());
        }}
      >
        <div className="form-field admin-find__text">
          <label htmlFor={`${id}-q`} className="form-field__label">
            Name, user ID or email
          </label>
          <div className="admin-find__row">
            <input
              id={`${id}-q`}
              type="search"
              className="form-field__input"
              value={typed}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              onChange={(e) => setTyped(e.target.value)}
            />
            <button type="submit" className="button button--secondary">
              Find
            </button>
          </div>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-state`} className="form-field__label">
            State
          </label>
          <select
            id={`${id}-state`}
            className="form-field__input"
            value={state}
            onChange={(e) => setState(e.target.value as StateFilter)}
          >
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
            <option value="all">All</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-type`} className="form-field__label">
            Type
          </label>
          <select
            id={`${id}-type`}
            className="form-field__input"
            value={type}
            onChange={(e) => setType(e.target.value as AdminUserQuery['type'] | '')}
          >
            <option value="">All types</option>
            {USER_TYPES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <div role="status" aria-live="polite" className="admin-status">
        {read.state === 'reading' && <p className="muted">Asking the server…</p>}
        {read.state === 'read' && (
          <p className="muted">
            {read.users.length === 0
              ? 'No user matches.'
              : `${read.users.length}${read.more ? '+' : ''} ${read.users.length === 1 ? 'user' : 'users'}`}
            {read.more && ': type more of a name or id to find the others.'}
          </p>
        )}
      </div>
      {read.state === 'failed' && (
        <div className="inline-error admin-failed" role="alert">
          <p>Could not list the users. {read.message}</p>
          <button type="button" className="button button--secondary" onClick={ask}>
            Try again
          </button>
        </div>
      )}
      {read.state === 'read' && read.users.length > 0 && (
        <ul className="admin-users" aria-label="Users found">
          {read.users.map((u) => (
            <li key={u.usrId}>
              <Link
                href={`/admin/users/${encodeURIComponent(u.usrId)}`}
                className="admin-user"
                aria-current={u.usrId === current ? 'page' : undefined}
              >
                <span className="admin-user__name">{u.usrNm}</span>
                <span className="admin-user__id code">{u.usrId}</span>
                <span className="admin-user__facts">
                  {[typeLabel(u.usrTpCd), reachOf(u)].filter(Boolean).join(' · ')}
                </span>
                <span className="admin-user__seen">
                  <span className={u.disabledAt ? 'admin-state admin-state--off' : 'admin-state'}>
                    {stateWord(u)}
                  </span>{' '}
                  Last seen {when(u.lastSeenAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
