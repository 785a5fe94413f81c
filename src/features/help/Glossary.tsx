// The glossary of /help/ (product.md#the-words-quay-uses): the shipping words and abbreviations Quay's screens use, in
// plain words. Each term has an id, so a link can point at it (/help/#proforma).
const TERMS: readonly [id: string, term: string, meaning: string][] = [
  [
    'eta',
    'ETA, ETB, ETD',
    'Estimated time of arrival (at the port limits), of berthing (alongside the terminal) and of departure.',
  ],
  [
    'ata',
    'ATA, ATB, ATD',
    'The actual times of arrival, berthing and departure, once they happened. "Detected from AIS": Quay saw it in the vessel\'s positions.',
  ],
  [
    'proforma',
    'Proforma',
    "The service's published schedule, planned long in advance. The proforma ETA is the arrival it promised.",
  ],
  ['lts', 'LTS', 'Long-term schedule: the proforma. A vessel that keeps it is on time.'],
  [
    'late',
    '2 h late, 1 h early, on time',
    'Where a call stands against its proforma ETA, in whole hours: the ATA once arrived, before that the ETA. Red is late, green early, navy on time.',
  ],
  ['ahd', 'AHD, BHD', 'Ahead and behind the schedule. Quay says early and late.'],
  [
    'later',
    '3 h later, 1.5 h earlier',
    'How far an ETA moved from the one before it, in the ETA history and in alerts. An ETA can move later and the call still be early.',
  ],
  [
    'direction',
    'W/E, N/S',
    'The letter after a voyage number (0451W): the way the voyage goes, westbound, eastbound, northbound or southbound.',
  ],
  ['omitted', 'Omitted', 'A call the voyage skips. It is never late.'],
  [
    'utc',
    'UTC, LT',
    "Times are in UTC, the same the world over, unless marked LT: the device's local time (in chat).",
  ],
];

export function Glossary() {
  return (
    <section className="card" aria-labelledby="help-title">
      <h2 id="help-title" className="card__heading">
        What the words mean
      </h2>
      <dl className="glossary">
        {TERMS.map(([id, term, meaning]) => (
          <div key={id} id={id}>
            <dt>{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
