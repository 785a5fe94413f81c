// /admin/users, /admin/users/{usrId} and /admin/add-user (product.md#user-administration): administrators find, add
// and change users. At the desk the list stays beside the user (product.md#desk-layout); on a phone each is its own
// page, and the header's back returns to the list. /admin/audit: every change to a user, newest first, older ones on
// demand. One chunk of their own for both: most users never open them.
import { useState } from 'react';
import { AdminGate } from '../features/admin/AdminGate.tsx';
import { AuditEntries } from '../features/admin/AuditEntries.tsx';
import { UserList } from '../features/admin/UserList.tsx';
import { NewUserPanel, UserPanel } from '../features/admin/UserPanels.tsx';
import { useDesk } from '../ui/use-desk.ts';

export function AdminUsersPage({ usrId, adding = false }: { usrId?: string; adding?: boolean }) {
  const desk = useDesk();
  /** Bumped on every change the server took, so the list beside it asks again. */
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((n) => n + 1);
  const id = usrId ? decodeURIComponent(usrId) : undefined;
  const detail = adding ? (
    <NewUserPanel onChanged={changed} />
  ) : id ? (
    // One panel per user: what was typed for one is not carried to the next chosen.
    <UserPanel key={id} usrId={id} onChanged={changed} />
  ) : null;
  return (
    <AdminGate>
      {desk ? (
        <div className="admin-desk">
          <UserList current={id} version={version} />
          {detail ?? <p className="muted admin-desk__choose">Choose a user to see and change it here.</p>}
        </div>
      ) : (
        (detail ?? <UserList version={version} />)
      )}
    </AdminGate>
  );
}

export function AdminAuditPage() {
  return (
    <AdminGate>
      <AuditEntries heading="Audit log" />
    </AdminGate>
  );
}
