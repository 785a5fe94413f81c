// /myvessel, the home of operators and other users: the vessels the user follows.
export function MyVesselPage() {
  return (
    <section className="card" aria-labelledby="myvessel-title">
      <h2 id="myvessel-title" className="card__heading">
        Vessels you follow
      </h2>
      <p className="muted">
        The vessels you follow are not on this device yet. Find a vessel with Search below.
      </p>
    </section>
  );
}
