// The pages about people, one chunk loaded when one of them opens (all are precached, so the chunk costs the link
// nothing more): My devices for every user (product.md#my-devices), where they are signed on, asked of the server each
// time it opens; and for administrators the user administration (product.md#user-administration): /admin/users,
// /admin/users/{usrId} and /admin/add-user, where at the desk the list stays beside the user (product.md#desk-layout)
// and on a phone each is its own page; and /admin/audit, every change to a user, newest first.
import { useState } from 'react';
import { MyDevices } from '../features/devices/MyDevices.tsx';
import { AdminGate } from '../features/admin/AdminGate.tsx';
import { AuditEntries } from '../features/admin/AuditEntries.tsx';
import { UserList } from '../features/admin/UserList.tsx';
import { NewUserPanel, UserPanel } from '../features/admin/UserPanels.tsx';
import { useDesk } from '../ui/use-desk.ts';

function AdminUsersPage({ usrId, adding = false }: { usrId?: string; adding?: boolean }) {
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

function AdminAuditPage() {
  return (
    <AdminGate>
      <AuditEntries heading="Audit log" />
    </AdminGate>
  );
}

export type PeopleView =
  | { page: 'devices'; onSignOut: () => Promise<string | undefined> }
  | { page: 'users'; usrId?: string; adding?: boolean }
  | { page: 'audit' };

export function PeoplePage(view: PeopleView) {
  if (view.page === 'devices') return <MyDevices onSignOut={view.onSignOut} />;
  if (view.page === 'audit') return <AdminAuditPage />;
  return <AdminUsersPage {...(view.usrId ? { usrId: view.usrId } : {})} adding={view.adding ?? false} />;
}
