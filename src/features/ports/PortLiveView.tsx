// /port/live: the port's calls around now in three sections, Expected, Alongside and Departed, each call with its vessel,
// voyage, service, terminal, ETA/ETB/ETD (actuals where known) and delay (SPEC §5).
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { PortCall, PortLive } from '../../core/contract/port.ts';
import { serviceLink } from '../../core/link.ts';
import { motionText } from './motion-text.ts';
import { CarrierBadge, DelayBadge, TimeFacts, VesselName } from './parts.tsx';

type Section = 'expected' | 'alongside' | 'departed';

const SECTIONS: readonly { key: Section; title: string; empty: string }[] = [
  { key: 'expected', title: 'Expected', empty: 'No vessel is expected in the next 7 days.' },
  { key: 'alongside', title: 'Alongside', empty: 'No vessel is in port.' },
  { key: 'departed', title: 'Departed', empty: 'No vessel left in the last 48 hours.' },
];

function CallCard({ call, section, user }: { call: PortCall; section: Section; user: LoggedUser | null }) {
  // Under way towards the port is worth a glance; moored or at anchor elsewhere would read as being here.
  const motion = section === 'expected' && call.motion?.navSts === 'UNDER_WAY' ? motionText(call.motion) : '';
  const atAnchor = section === 'alongside' && !call.atb;
  return (
    <li className="call-card">
      <div className="call-card__head">
        <CarrierBadge crrCd={call.crrCd} bg={call.crrBgColrVal} fg={call.crrFgColrVal} />
        <VesselName user={user} vslCd={call.vslCd} vslNm={call.vslNm} />
      </div>
      <p className="call-card__meta">
        Voyage {call.skdVoyNo}
        {call.skdDirCd} · <Link href={serviceLink(call.laneCd)}>{call.laneCd}</Link>
        {call.ydNm && <> · {call.ydNm}</>}
      </p>
      <TimeFacts call={call} />
      <p className="call-card__foot">
        {call.omitted && <span className="tag tag--warn">Omitted</span>}
        {atAnchor && <span className="tag">At anchor</span>}
        <DelayBadge hrs={call.delayHrs} />
        {motion && <span className="muted">{motion}</span>}
      </p>
    </li>
  );
}

export function PortLiveView({ live, user }: { live: PortLive; user: LoggedUser | null }) {
  return (
    <>
      <p className="muted times-note">Times are UTC.</p>
      {SECTIONS.map(({ key, title, empty }) => {
        const calls = live[key];
        return (
          <section key={key} className="card port-section" aria-labelledby={`port-${key}`}>
            <h3 id={`port-${key}`} className="section-title">
              {title} <span className="count">{calls.length}</span>
            </h3>
            {calls.length === 0 ? (
              <p className="muted">{empty}</p>
            ) : (
              <ul className="call-list">
                {calls.map((c) => (
                  <CallCard
                    key={`${c.vslCd}-${c.skdVoyNo}-${c.skdDirCd}-${c.callSeq}`}
                    call={c}
                    section={key}
                    user={user}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
