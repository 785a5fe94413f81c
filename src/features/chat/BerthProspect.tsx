// A shore user's berth prospect for the vessel of a chat room (product.md#chat-calls POST /chat/berth-prsp/message/{vslCd}): a
// button by the composer opens a sheet with the form (port and ETB required, product.md#input-and-formatting-rules's red dot; times
// in UTC, a day from a list and a 24-hour time: BerthWhen.tsx), filled by hand or
// from a port call of the vessel's schedule as the device has it (at sea too: berth-calls.ts). The draft is kept per room until it is posted,
// so nothing typed is lost; posting puts it in the conversation at once and the outbox sends it (offline too).
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Drawer } from '../../ui/Drawer.tsx';
import { toast } from '../../ui/toast-store.ts';
import {
  checkBerthForm,
  dayChoices,
  EMPTY_BERTH_FORM,
  splitWhen,
  type BerthErrors,
  type BerthField,
  type BerthForm,
} from '../../core/chat-berth.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { BERTH_REMARK_MAX } from '../../core/contract/chat-rules.ts';
import { usePageData } from '../../state/use-page-data.ts';
import { readBerthDraft, writeBerthDraft } from './draft.ts';
import { runOp } from '../sync/use-op.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { ScheduleSet } from '../../core/contract/sailings.ts';
import type { FleetResponse } from '../../core/contract/vessel.ts';
import { db } from '../../platform/db.ts';
import { userState } from '../../state/app-state.ts';
import { portsOfIndex } from '../ports/port-list.ts';
import { berthCallChoices } from './berth-calls.ts';
import { WhenField } from './BerthWhen.tsx';

const FIELDS: BerthField[] = ['portCd', 'ydNm', 'etb', 'etd', 'remark'];
/** An ISO time as the form keeps it: its UTC day, 'T', its UTC time HH:mm (chat-berth.ts's BerthForm). */
const inputTime = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');

export function BerthProspectButton({
  vslCd,
  roomId,
  onPosted,
}: {
  vslCd: string;
  roomId: string;
  /** Posted: the room scrolls to it, wherever the reader was. */
  onPosted: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="chip chip--compact" onClick={() => setOpen(true)}>
        Berth prospect
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Berth prospect" heightPct={90}>
        <BerthProspectForm
          vslCd={vslCd}
          roomId={roomId}
          onDone={() => {
            onPosted();
            setOpen(false);
          }}
        />
      </Drawer>
    </>
  );
}

function BerthProspectForm({ vslCd, roomId, onDone }: { vslCd: string; roomId: string; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState<BerthForm>(() => ({ ...EMPTY_BERTH_FORM, ...readBerthDraft(roomId) }));
  const [errors, setErrors] = useState<BerthErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cascade = usePageData('cascade', vslCd);
  const user = useSnapshot(userState).user;
  // At sea with no voyage kept, what else the device holds of the vessel's calls (berth-calls.ts).
  const kept = useLiveQuery(async () => {
    const [set, fleet, index] = await Promise.all([
      db.pageData.get('schedules:all'),
      user ? db.pageData.get(`myVessels:${user.usrId}`) : undefined,
      db.searchIndex.get('all'),
    ]);
    return {
      scheduleSet: set?.data as ScheduleSet | undefined,
      fleet: (fleet?.data as FleetResponse | undefined)?.vessels,
      ports: portsOfIndex(index?.entries, user?.usrId ?? ''),
    };
  }, [user?.usrId]);
  const calls = berthCallChoices(vslCd, {
    voyage: cascade.data,
    scheduleSet: kept?.scheduleSet,
    fleet: kept?.fleet,
    portName: (c) => kept?.ports.find((p) => p.portCd === c)?.portNm ?? '',
  });

  // The UTC days offered for ETB and ETD, with the days already in the form (a call picked, a kept draft).
  const etbDay = splitWhen(form.etb).day;
  const etdDay = splitWhen(form.etd).day;
  const days = useMemo(() => dayChoices(Date.now(), [etbDay, etdDay]), [etbDay, etdDay]);

  const change = (next: BerthForm) => {
    setForm(next);
    writeBerthDraft(roomId, next);
  };
  const set = (field: BerthField, value: string) => {
    change({ ...form, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };
  const pickCall = (index: string) => {
    const call = calls[Number(index)];
    if (!call) return;
    change({
      ...form,
      portCd: call.portCd,
      ydNm: call.ydNm ?? '',
      etb: inputTime(call.etb),
      etd: inputTime(call.etd),
    });
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkBerthForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELDS.find((f) => checked.errors[f]);
      // A time goes to its day when none is picked, else to the time typed beside it.
      const control =
        first === 'etb' || first === 'etd'
          ? `${first}-${splitWhen(form[first]).day === '' ? 'day' : 'time'}`
          : (first ?? '');
      formRef.current?.querySelector<HTMLElement>(`[name="${control}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await runOp('berthProspect', vslCd, form);
      writeBerthDraft(roomId, null);
      if (!navigator.onLine)
        toast.info('No link: the berth prospect waits and is posted when the link returns.');
      onDone();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'The berth prospect could not be posted.');
    } finally {
      setBusy(false);
    }
  };

  const count = Object.values(errors).filter(Boolean).length;
  const field = (
    name: BerthField,
    label: string,
    input: (props: FieldProps) => ReactNode,
    required = false,
  ) => {
    const error = errors[name];
    const inputId = `${id}-${name}`;
    return (
      <div className={`form-field${error ? ' form-field--error' : ''}`}>
        <label htmlFor={inputId} className="form-field__label">
          {label}
          {required && <span className="required-dot" aria-hidden="true" />}
        </label>
        {input({
          id: inputId,
          name,
          value: form[name],
          onChange: (v) => set(name, v),
          'aria-invalid': error ? true : undefined,
          'aria-required': required || undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
        })}
        {error && (
          <p id={`${inputId}-error`} className="form-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} className="berth-form" noValidate onSubmit={(e) => void submit(e)}>
      {(count > 0 || failure) && (
        <p className="inline-error" role="alert">
          {failure ??
            (count === 1 ? 'Check the field marked below.' : `Check the ${count} fields marked below.`)}
        </p>
      )}
      {calls.length > 0 && (
        <div className="form-field">
          <label htmlFor={`${id}-call`} className="form-field__label">
            From the schedule
          </label>
          <select
            id={`${id}-call`}
            className="form-field__input"
            value=""
            onChange={(e) => pickCall(e.target.value)}
          >
            <option value="">Choose a port call…</option>
            {calls.map((c, i) => (
              <option key={`${c.portCd}-${c.etb}`} value={i}>
                {c.portCd} {c.portNm}
                {c.etb ? ` · ${formatTimeDate(c.etb)}` : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {field(
        'portCd',
        'Port',
        (p) => (
          <input
            {...inputProps(p)}
            className="form-field__input form-field__input--code"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={5}
            placeholder="e.g. SGSIN"
          />
        ),
        true,
      )}
      {field('ydNm', 'Terminal', (p) => (
        <input {...inputProps(p)} className="form-field__input" maxLength={100} autoComplete="off" />
      ))}
      <div className="berth-form__times">
        <WhenField
          name="etb"
          word="ETB"
          value={form.etb}
          onChange={(v) => set('etb', v)}
          days={days}
          error={errors.etb}
          required
        />
        <WhenField
          name="etd"
          word="ETD"
          value={form.etd}
          onChange={(v) => set('etd', v)}
          days={days}
          error={errors.etd}
        />
      </div>
      {field('remark', 'Remark', (p) => (
        <textarea {...inputProps(p)} className="form-field__input" rows={3} maxLength={BERTH_REMARK_MAX} />
      ))}
      <p className="muted berth-form__note">
        Posted into the vessel’s chat as a message; without a link it waits and is posted when the link
        returns.
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        Post berth prospect
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: BerthField;
  value: string;
  onChange: (value: string) => void;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/** The props an input or textarea takes from a field. */
function inputProps({ onChange, ...rest }: FieldProps) {
  return { ...rest, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
}
