// The domain's reactions (architecture.md#domain-events), in the order they run inside a transaction: every writer of
// domain events (the server, `npm run admin`, `npm run import`) runs the same ones, so a change has the same
// consequences whoever makes it.
import type { Reaction } from './events.ts';
import { notificationRules } from '../notifications/rules.ts';
import { rightsChanged } from '../users/rights-changed.ts';

export const DOMAIN_REACTIONS: readonly Reaction[] = [notificationRules, rightsChanged];
