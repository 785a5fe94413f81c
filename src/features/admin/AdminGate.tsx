// The user administration is for administrators (architecture.md#people): anyone else gets one plain card, whatever
// the address typed. The server refuses them anyway; this only spares them a screen of failures.
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { isAdmin } from '../../core/admin-role.ts';
import { userState } from '../../state/app-state.ts';
import './admin.css';

export function AdminGate({ children }: { children: ReactNode }) {
  const user = useSnapshot(userState).user;
  if (isAdmin(user)) return children;
  return (
    <section className="card" aria-labelledby="admin-not-allowed">
      <h2 id="admin-not-allowed" className="card__heading">
        Not allowed
      </h2>
      <p>User administration is for administrators. Ask one of them to add or change a user.</p>
    </section>
  );
}
