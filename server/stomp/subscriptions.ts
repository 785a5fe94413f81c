// The broker's indexes: the authenticated connections of each user and the subscriptions of each destination, kept
// as connections authenticate, subscribe, unsubscribe and close; and the questions asked of them (who is connected,
// who listens where).
import type { Connection, Subscription } from './connection.ts';
import type { StompPrincipal } from './options.ts';

export class SubscriptionIndex<U extends StompPrincipal> {
  private readonly byUser = new Map<string, Set<Connection<U>>>();
  private readonly byDest = new Map<string, Set<Subscription<U>>>();

  /** Adds an authenticated connection; answers its user's number of connections now (or null without a user). */
  addConnection(conn: Connection<U>): number | null {
    const usrId = conn.user?.usrId;
    if (!usrId) return null;
    let set = this.byUser.get(usrId);
    if (!set) this.byUser.set(usrId, (set = new Set()));
    set.add(conn);
    return set.size;
  }

  /** Removes a closed connection; answers its user's number of connections now (or null if it was not counted). */
  removeConnection(conn: Connection<U>): number | null {
    const usrId = conn.user?.usrId;
    if (!usrId) return null;
    const set = this.byUser.get(usrId);
    if (!set?.delete(conn)) return null;
    if (set.size === 0) this.byUser.delete(usrId);
    return set.size;
  }

  add(sub: Subscription<U>): void {
    let set = this.byDest.get(sub.destination);
    if (!set) this.byDest.set(sub.destination, (set = new Set()));
    set.add(sub);
  }

  remove(sub: Subscription<U>): void {
    const set = this.byDest.get(sub.destination);
    set?.delete(sub);
    if (set?.size === 0) this.byDest.delete(sub.destination);
  }

  connectionsOf(usrId: string): number {
    return this.byUser.get(usrId)?.size ?? 0;
  }

  /** One user's authenticated connections. */
  connectionsOfUser(usrId: string): Iterable<Connection<U>> {
    return this.byUser.get(usrId) ?? [];
  }

  /** Every authenticated connection (a copy: a caller may close them). */
  allConnections(): Connection<U>[] {
    const out: Connection<U>[] = [];
    for (const conns of this.byUser.values()) out.push(...conns);
    return out;
  }

  /** The subscriptions of a destination. */
  of(destination: string): Iterable<Subscription<U>> {
    return this.byDest.get(destination) ?? [];
  }

  /** Users with at least one open, authenticated connection. */
  connectedUsers(): Set<string> {
    return new Set(this.byUser.keys());
  }

  /** The user of every open, authenticated connection (one entry per connection). */
  users(): U[] {
    const out: U[] = [];
    for (const conns of this.byUser.values()) for (const conn of conns) if (conn.user) out.push(conn.user);
    return out;
  }

  /** Destinations with at least one subscription. */
  destinations(): string[] {
    return [...this.byDest.keys()];
  }

  /** Users with a subscription to the destination. */
  subscribers(destination: string): Set<string> {
    const out = new Set<string>();
    for (const sub of this.byDest.get(destination) ?? []) if (sub.conn.user) out.add(sub.conn.user.usrId);
    return out;
  }

  /** The user of one of usrId's open connections with a subscription to the destination, or null. */
  listener(usrId: string, destination: string): U | null {
    for (const conn of this.byUser.get(usrId) ?? [])
      if (!conn.closed && conn.user)
        for (const sub of conn.subs.values()) if (sub.destination === destination) return conn.user;
    return null;
  }
}
