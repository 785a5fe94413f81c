// /intro/: what Quay is, without the shell (product.md#screens-and-routes), for a new user before signing on.
export function IntroPage() {
  return (
    <main className="bare-page">
      <h1 className="bare-page__title">Quay</h1>
      <section className="card" aria-labelledby="intro-what">
        <h2 id="intro-what" className="card__heading">
          Vessels, services and ports, on board and ashore
        </h2>
        <ul className="intro-list">
          <li>Follow your vessel&apos;s voyage, the services and the ports you work with.</li>
          <li>Get notified of ETA changes, delays, berth plans, arrivals, departures and port status.</li>
          <li>Chat ship to shore.</li>
          <li>
            Works with no link at all: what you do at sea is kept on this device and sent once, in order, when
            the link returns.
          </li>
        </ul>
      </section>
      <a className="button button--primary" href="/">
        Sign on
      </a>
    </main>
  );
}
