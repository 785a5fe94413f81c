// /admin/audit (product.md#user-administration): every change to a user, newest first, older ones on demand, for
// administrators. A chunk of its own, like the users' pages.
import { AdminGate } from '../features/admin/AdminGate.tsx';
import { AuditEntries } from '../features/admin/AuditEntries.tsx';

export function AdminAuditPage() {
  return (
    <AdminGate>
      <AuditEntries heading="Audit log" />
    </AdminGate>
  );
}
