// Which of the switches the user just flipped still show the user's choice over the stored settings. The worker
// writes a choice into IndexedDB with its outbox entry in one transaction, and the drain may undo it (a refusal)
// moments later; a live query may skip the state in between, so "the stored value became the choice" alone cannot
// tell when a choice is over.
import type { NotificationSetting } from '../../core/contract/notification.ts';

type YN = NotificationSetting['notUseYn'];

export interface Choice {
  value: YN;
  /** The outbox counter of the choice's operation once the worker has committed it (see opCounterOf), else null. */
  committedAt: number | null;
}

/** One consistent read of the stored settings, the settings waiting in the outbox, and the outbox counter. */
export interface SettingsSnapshot {
  settings: readonly NotificationSetting[];
  pending: ReadonlySet<string>;
  /** meta `opCounter`: the counter the next operation gets (0 before the first). */
  opCounter: number;
}

/** The counter part of an outbox operation id (`${clientId}:${counter}`), or null. */
export function opCounterOf(opId: string | null): number | null {
  if (!opId) return null;
  const counter = Number(opId.slice(opId.lastIndexOf(':') + 1));
  return Number.isSafeInteger(counter) ? counter : null;
}

/**
 * The choices still to show. A choice gives way to the stored value once the stored value is the choice, or once a
 * read made after its commit has nothing of it in the outbox: then it was sent or refused and undone, and what is
 * stored is final. A read from before the commit keeps the choice, so the switch never flickers back.
 */
export function openChoices(
  choices: ReadonlyMap<string, Choice>,
  snapshot: SettingsSnapshot,
): ReadonlyMap<string, Choice> {
  let next: Map<string, Choice> | null = null;
  for (const [notId, choice] of choices) {
    const stored = snapshot.settings.find((s) => s.notId === notId)?.notUseYn;
    const after = choice.committedAt !== null && snapshot.opCounter > choice.committedAt;
    if (stored === choice.value || (after && !snapshot.pending.has(notId))) {
      next ??= new Map(choices);
      next.delete(notId);
    }
  }
  return next ?? choices;
}
