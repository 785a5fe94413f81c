// "My alerts" beside the per-type switches (product.md#my-alerts): the user's own rules on the vessels it follows,
// each listed with Edit and Delete, and a form to add or change one. Everything is read from the device and saved
// through the worker's outbox, so it works at sea; types 5 and 6 (read-only) are not offered it (product.md#who-may-do-what).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { AlertEvent, AlertRule } from '../../core/contract/notification.ts';
import type { CascadeResponse, FleetResponse } from '../../core/contract/vessel.ts';
import { entityOf } from '../../device/outbox/enqueue.ts';
import { isRestricted, isVesselUser } from '../../core/role.ts';
import { db } from '../../platform/db.ts';
import { userState } from '../../state/app-state.ts';
import { dialog } from '../../ui/dialog-store.ts';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { toShownError } from '../../ui/shown-error.ts';
import { toast } from '../../ui/toast-store.ts';
import { usePendingWith } from '../sync/use-pending.ts';
import { knownPorts, portsOfIndex, type KnownPort } from '../ports/port-list.ts';
import { describeRule, sortRules } from './alert-rule-text.ts';
import { runOp } from '../sync/use-op.ts';

const PREFIX = entityOf('alertRule', { ruleId: '' });
const EVENTS: [AlertEvent, string][] = [
  ['ATA', 'Arrives'],
  ['ATB', 'Berths'],
  ['ATD', 'Leaves'],
];

interface Vessel {
  vslCd: string;
  vslNm: string;
}

/** Saves or deletes (null) a rule through the worker: null, or what went wrong in plain words. */
const save = (ruleId: string, rule: AlertRule | null) =>
  runOp('alertRule', ruleId, rule).then(
    () => null,
    (err: unknown) => {
      const shown = toShownError(err);
      return shown.detail || shown.title;
    },
  );

export function AlertRules() {
  const snap = useSnapshot(userState);
  const user = snap.user;
  const titleId = useId();
  const [editing, setEditing] = useState<AlertRule | null>(null);
  const read = usePendingWith(
    PREFIX,
    () => [db.alertRules],
    () => db.alertRules.toArray(),
  );
  const fleet = useLiveQuery(
    async () =>
      user && !isVesselUser(user)
        ? ((await db.pageData.get(`myVessels:${user.usrId}`))?.data as FleetResponse | undefined)
        : undefined,
    [user?.usrId],
  );
  if (!user || isRestricted(user) || !read) return null;

  const vessels: Vessel[] = isVesselUser(user)
    ? [{ vslCd: user.ofcId, vslNm: snap.ownVessel?.vslNm ?? user.ofcId }]
    : (fleet?.vessels ?? []).filter((v) => v.followed).sort((a, b) => (a.sortNo ?? 0) - (b.sortNo ?? 0));
  const nameOf = (vslCd: string) => vessels.find((v) => v.vslCd === vslCd)?.vslNm ?? vslCd;
  const rules = sortRules(read.value, nameOf);
  const first = vessels[0];

  const remove = async (rule: AlertRule) => {
    const text = `${nameOf(rule.vslCd)}: ${describeRule(rule)}`;
    const ok = await dialog.confirm(text, { title: 'Delete this alert?', okText: 'Delete' });
    const error = ok && (await save(rule.ruleId, null));
    if (error) toast.error(`The alert could not be deleted. ${error}`);
  };

  return (
    <section className="alerts" aria-labelledby={titleId}>
      <h3 id={titleId} className="alerts__title">
        My alerts
      </h3>
      <p className="alerts__hint">
        Tell me when {isVesselUser(user) ? 'my vessel' : 'a vessel I follow'} moves its ETA by more than I
        allow, or arrives at, berths at or leaves a port. They come as “My Alert” notifications.
      </p>
      {rules.length > 0 ? (
        <ul className="alerts__list" aria-labelledby={titleId}>
          {rules.map((rule) => {
            const text = `${nameOf(rule.vslCd)}: ${describeRule(rule)}`;
            return (
              <li key={rule.ruleId} className="alert-row">
                <div className="alert-row__text">
                  <span>{text}</span>
                  {read.pending.has(PREFIX + rule.ruleId) && <PendingMarker />}
                </div>
                <button
                  type="button"
                  className="button button--secondary alert-row__button"
                  aria-label={`Edit alert: ${text}`}
                  onClick={() => setEditing(rule)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--secondary alert-row__button"
                  aria-label={`Delete alert: ${text}`}
                  onClick={() => void remove(rule)}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="alerts__hint">No alerts yet.</p>
      )}
      {editing ? (
        <AlertForm
          key={editing.ruleId}
          rule={editing}
          isNew={!rules.some((r) => r.ruleId === editing.ruleId)}
          vessels={vessels}
          usrId={user.usrId}
          onDone={() => setEditing(null)}
        />
      ) : first ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            setEditing({
              ruleId: crypto.randomUUID(),
              vslCd: first.vslCd,
              kind: 'ETA',
              portCd: null,
              hrs: 6,
              events: [],
            })
          }
        >
          Add alert
        </button>
      ) : (
        <p className="alerts__hint">Follow a vessel on My Vessel to set alerts on it.</p>
      )}
    </section>
  );
}

interface FormProps {
  rule: AlertRule;
  isNew: boolean;
  vessels: Vessel[];
  usrId: string;
  onDone: () => void;
}

function AlertForm({ rule, isNew, vessels, usrId, onDone }: FormProps) {
  const [draft, setDraft] = useState(rule);
  const [hrs, setHrs] = useState(String(rule.hrs ?? 6));
  const [error, setError] = useState('');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const first = useRef<HTMLSelectElement>(null);
  // The form opens under the list, below the drawer's fold: it comes into view with its first field focused.
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    first.current?.focus({ preventScroll: true });
  }, []);
  const set = (change: Partial<AlertRule>) => setDraft((d) => ({ ...d, ...change }));
  // The ports of the vessel's voyage first (when this device has it), then every port it knows.
  const ports = useLiveQuery(async () => {
    const cascade = (await db.pageData.get(`cascade:${draft.vslCd}`))?.data as CascadeResponse | undefined;
    const own = new Map<string, KnownPort>();
    for (const c of cascade?.calls ?? []) own.set(c.portCd, { portCd: c.portCd, portNm: c.portNm });
    const all = portsOfIndex((await db.searchIndex.get('all'))?.entries, usrId);
    return { rotation: [...own.values()], all: knownPorts([], all).filter((p) => !own.has(p.portCd)) };
  }, [draft.vslCd, usrId]);
  const eta = draft.kind === 'ETA';
  // A rule on a vessel no longer followed still shows its vessel (the server keeps it, quiet, until it is followed).
  const choices = vessels.some((v) => v.vslCd === draft.vslCd)
    ? vessels
    : [{ vslCd: draft.vslCd, vslNm: draft.vslCd }, ...vessels];

  // The worker checks the rule (hours 1 to 72, a port and an event for a port rule) and says what is wrong.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = await save(draft.ruleId, { ...draft, hrs: eta ? Number(hrs) : null });
    if (error) setError(error);
    else onDone();
  };
  const option = (p: KnownPort) => (
    <option key={p.portCd} value={p.portCd}>
      {p.portNm} ({p.portCd})
    </option>
  );

  return (
    <form
      ref={form}
      className="alert-form"
      aria-labelledby={`${id}t`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h4 id={`${id}t`} className="alert-form__title">
        {isNew ? 'New alert' : 'Edit alert'}
      </h4>
      <label htmlFor={`${id}v`}>Vessel</label>
      <select ref={first} id={`${id}v`} value={draft.vslCd} onChange={(e) => set({ vslCd: e.target.value })}>
        {choices.map((v) => (
          <option key={v.vslCd} value={v.vslCd}>
            {v.vslNm}
          </option>
        ))}
      </select>
      <fieldset>
        <legend>Tell me when</legend>
        <label>
          <input type="radio" name={`${id}k`} checked={eta} onChange={() => set({ kind: 'ETA' })} /> its ETA
          moves
        </label>
        <label>
          <input
            type="radio"
            name={`${id}k`}
            checked={!eta}
            onChange={() => set({ kind: 'PORT', portCd: draft.portCd ?? ports?.rotation[0]?.portCd ?? null })}
          />{' '}
          it arrives, berths or leaves
        </label>
      </fieldset>
      <label htmlFor={`${id}p`}>Port</label>
      <select
        id={`${id}p`}
        value={draft.portCd ?? ''}
        onChange={(e) => set({ portCd: e.target.value || null })}
      >
        <option value="">{eta ? 'Any port' : 'Choose a port'}</option>
        {ports && ports.rotation.length > 0 && (
          <optgroup label="On its voyage">{ports.rotation.map(option)}</optgroup>
        )}
        {ports && <optgroup label="All ports">{ports.all.map(option)}</optgroup>}
      </select>
      {eta ? (
        <>
          <label htmlFor={`${id}h`}>By more than (hours, 1 to 72)</label>
          <input
            id={`${id}h`}
            type="number"
            inputMode="numeric"
            min={1}
            max={72}
            step={1}
            value={hrs}
            onChange={(e) => setHrs(e.target.value)}
          />
        </>
      ) : (
        <fieldset>
          <legend>When it</legend>
          {EVENTS.map(([event, label]) => (
            <label key={event}>
              <input
                type="checkbox"
                checked={draft.events.includes(event)}
                onChange={() =>
                  set({
                    events: draft.events.includes(event)
                      ? draft.events.filter((x) => x !== event)
                      : [...draft.events, event],
                  })
                }
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="alert-form__error">
          {error}
        </p>
      )}
      <div className="alert-form__buttons">
        <button type="submit" className="button button--primary">
          Save alert
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
