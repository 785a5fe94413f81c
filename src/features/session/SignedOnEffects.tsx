// The signed-on app's background duties, mounted once beside its views: page visibility and persistent storage,
// a session that ended elsewhere, refused changes as toasts, and Background Sync when changes start to wait.
import { useBackgroundSync } from '../sync/use-background-sync.ts';
import { useOutboxCount } from '../sync/use-outbox-count.ts';
import { useOutboxFailureToasts } from '../sync/use-outbox-failure-toasts.ts';
import { useRouteTracking } from './use-route-tracking.ts';
import { useSignedOnEffects } from './use-signed-on-effects.ts';
import type { SessionLoss } from '../../core/contract/session-loss.ts';

interface Props {
  onSessionEnded: (why: SessionLoss) => void;
}

export function SignedOnEffects({ onSessionEnded }: Props) {
  useSignedOnEffects(onSessionEnded);
  useRouteTracking();
  useOutboxFailureToasts();
  useBackgroundSync(useOutboxCount());
  return null;
}
