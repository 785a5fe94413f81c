// The sticky 50 px header of SPEC §2: the app's title, with a TEST badge outside production, and, once signed on,
// the sync status.
import { SHOW_TEST_BADGE } from '../config.ts';
import { SyncStatus } from './SyncStatus.tsx';

interface Props {
  /** Signed on: the status of syncing and of the changes waiting to be sent. */
  showSyncStatus: boolean;
}

export function Header({ showSyncStatus }: Props) {
  return (
    <header className="app-header">
      <h1 className="app-header__title">
        <span>Quay</span>
        {SHOW_TEST_BADGE && <span className="app-header__badge"> TEST</span>}
      </h1>
      {showSyncStatus && <SyncStatus />}
    </header>
  );
}
