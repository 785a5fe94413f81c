// The status strip under the header: online or offline, when data was last synced, how many changes wait.
import { SyncStatus } from './SyncStatus.tsx';

export function StatusStrip() {
  return (
    <div className="status-strip">
      <SyncStatus />
    </div>
  );
}
