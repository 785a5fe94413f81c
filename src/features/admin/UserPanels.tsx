// A user's page and the new user's form (product.md#user-administration): the user's state and sessions, its form,
// Disable or Enable after a confirmation, and its audit entries. Every call is online only and keeps what was typed.
import { useCallback, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminUser } from '../../core/contract/admin-users.ts';
import { dialog } from '../../ui/dialog-store.ts';
import { Facts } from '../../ui/Facts.tsx';
import { toast } from '../../ui/toast-store.ts';
import { adminCall, failureWords, rememberNames, type AdminAnswer } from './admin-call.ts';
import { fieldOfMessage, stateWord, typeLabel, when } from './admin-words.ts';
import { AuditEntries } from './AuditEntries.tsx';
import { UserForm, type FormError } from './UserForm.tsx';
import { changeBody, emptyUser, newUserBody, valuesOf, type UserValues } from './user-body.ts';

/** A refusal placed beside the field it names (400, 409), anything else at the top. */
function formError(answer: Extract<AdminAnswer<unknown>, { ok: false }>): FormError {
  const field = answer.status === 400 || answer.status === 409 ? fieldOfMessage(answer.message) : null;
  // Beside its field the message need not name it again: "vslCd: unknown vessel ZZZZ" shows "unknown vessel ZZZZ".
  const message = failureWords(answer, true);
  const said = field ? message.replace(new RegExp(`^(body\\.)?${field}:?\\s+`), '') : message;
  return { field, message: said };
}

export function NewUserPanel({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const add = async (v: UserValues) => {
    setBusy(true);
    setError(null);
    const answer = await adminCall((api) => api.adminUserAdd(newUserBody(v)));
    setBusy(false);
    if (!answer.ok) return setError(formError(answer));
    rememberNames([answer.value]);
    toast.info(`${answer.value.usrId} added.`);
    onChanged();
    navigate(`/admin/users/${encodeURIComponent(answer.value.usrId)}`);
  };
  return (
    <section className="card admin-detail" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__heading">
        Add user
      </h2>
      <UserForm initial={emptyUser} isNew busy={busy} error={error} onSubmit={(v) => void add(v)} />
    </section>
  );
}

type Read = { state: 'reading' } | { state: 'read'; user: AdminUser } | { state: 'failed'; message: string };

function UserFacts({ user }: { user: AdminUser }) {
  const rows: [string, string][] = [
    ['User ID', user.usrId],
    ['Type', typeLabel(user.usrTpCd)],
    ['State', user.disabledAt ? `Disabled since ${when(user.disabledAt)}` : 'Active'],
    ['Last seen', when(user.lastSeenAt)],
    [
      'Signed on now',
      user.liveSessions === 0
        ? 'nowhere'
        : user.liveSessions === 1
          ? 'on 1 device'
          : `on ${user.liveSessions} devices`,
    ],
    [
      'Signs on with',
      [user.hasPassword ? 'a password' : '', ...user.identities].filter(Boolean).join(', ') || 'nothing yet',
    ],
    ['Added', when(user.createdAt)],
  ];
  return <Facts rows={rows} compact />;
}

export function UserPanel({ usrId, onChanged }: { usrId: string; onChanged: () => void }) {
  const id = useId();
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  /** Bumped after each change the server took: the form starts again from the user as it now is. */
  const [saved, setSaved] = useState(0);

  const ask = useCallback(() => {
    setRead({ state: 'reading' });
    void adminCall((api) => api.adminUser(usrId)).then((answer) =>
      setRead(
        answer.ok
          ? { state: 'read', user: answer.value }
          : {
              state: 'failed',
              message: answer.status === 404 ? `There is no user ${usrId}.` : failureWords(answer),
            },
      ),
    );
  }, [usrId]);
  useEffect(ask, [ask]);

  const took = (user: AdminUser, words: string) => {
    rememberNames([user]);
    setRead({ state: 'read', user });
    setSaved((n) => n + 1);
    toast.info(words);
    onChanged();
  };

  const save = async (before: AdminUser, v: UserValues) => {
    const body = changeBody(valuesOf(before), v);
    if (Object.keys(body).length === 0) return setError({ field: null, message: 'Nothing was changed.' });
    setBusy(true);
    setError(null);
    const answer = await adminCall((api) => api.adminUserChange(usrId, body));
    setBusy(false);
    if (!answer.ok) return setError(formError(answer));
    took(answer.value, `${usrId} saved.`);
  };

  const switchState = async (user: AdminUser) => {
    const disabling = user.disabledAt === null;
    const ok = await dialog.confirm(
      disabling
        ? `${user.usrNm} (${user.usrId}) can no longer sign on, and is signed out at once on every device, with its live connections closed. You can enable the user again later.`
        : `${user.usrNm} (${user.usrId}) can sign on again.`,
      {
        title: disabling ? `Disable ${user.usrId}?` : `Enable ${user.usrId}?`,
        okText: disabling ? 'Disable' : 'Enable',
      },
    );
    if (!ok) return;
    setBusy(true);
    setError(null);
    const answer = await adminCall((api) =>
      disabling ? api.adminUserDisable(usrId) : api.adminUserEnable(usrId),
    );
    setBusy(false);
    if (!answer.ok) return setError({ field: null, message: failureWords(answer) });
    took(answer.value, disabling ? `${usrId} disabled: its sessions ended.` : `${usrId} enabled.`);
  };

  if (read.state !== 'read')
    return (
      <section className="card admin-detail" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card__heading">
          User {usrId}
        </h2>
        {read.state === 'reading' ? (
          <p className="muted" role="status">
            Asking the server…
          </p>
        ) : (
          <div className="inline-error admin-failed" role="alert">
            <p>{read.message}</p>
            <button type="button" className="button button--secondary" onClick={ask}>
              Try again
            </button>
          </div>
        )}
      </section>
    );
  const { user } = read;
  return (
    <div className="admin-detail">
      <section className="card" aria-labelledby={`${id}-title`}>
        <div className="admin-list__head">
          <h2 id={`${id}-title`} className="card__heading">
            {user.usrNm}
          </h2>
          <span className={user.disabledAt ? 'admin-state admin-state--off' : 'admin-state'}>
            {stateWord(user)}
          </span>
        </div>
        <UserFacts user={user} />
        <button
          type="button"
          className="button button--secondary admin-switch"
          disabled={busy}
          onClick={() => void switchState(user)}
        >
          {user.disabledAt ? 'Enable user' : 'Disable user'}
        </button>
      </section>
      <section className="card" aria-label="Change user">
        <UserForm
          // A new form after each saved change: it shows the user as the server now holds it.
          key={saved}
          initial={valuesOf(user)}
          isNew={false}
          busy={busy}
          error={error}
          hasPassword={user.hasPassword}
          onSubmit={(v) => void save(user, v)}
        />
      </section>
      <AuditEntries key={`audit-${saved}`} usrId={usrId} />
    </div>
  );
}
