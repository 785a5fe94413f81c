// The first screen once signed on: who the user is, signing out, and the notification settings.
import { useId, useState } from 'react';
import type { LoggedUser } from '../../core/contract/common.ts';
import { roleGroup, type RoleGroup } from '../../core/role.ts';
import type { ShownError } from '../../ui/shown-error.ts';
import { NotificationSettings } from '../notifications/NotificationSettings.tsx';

const ROLE_LABEL: Record<RoleGroup, string> = {
  vessel: 'Vessel',
  operator: 'Operator',
  agent: 'Port agent',
  other: 'Other',
};

interface Props {
  user: LoggedUser;
  onSignOut: () => Promise<ShownError | undefined>;
}

export function SignedOnView({ user, onSignOut }: Props) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);

  const signOut = () => {
    setBusy(true);
    setError(null);
    void onSignOut().then((failure) => {
      if (!failure) return;
      setError(failure);
      setBusy(false);
    });
  };

  return (
    <div className="stack">
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          <span className="card__eyebrow">Signed on as </span>
          <span className="card__name">{user.usrNm}</span>
        </h2>
        <dl className="facts">
          <div>
            <dt>User ID</dt>
            <dd>{user.usrId}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{ROLE_LABEL[roleGroup(user.usrRoleCd)]}</dd>
          </div>
        </dl>
        {error && (
          <p className="inline-error" role="alert">
            Could not sign out. {error.detail || error.title}
          </p>
        )}
        <button type="button" className="button button--secondary" onClick={signOut} disabled={busy}>
          {busy ? 'Signing out…' : 'Sign out'}
        </button>
      </section>
      <NotificationSettings />
    </div>
  );
}
