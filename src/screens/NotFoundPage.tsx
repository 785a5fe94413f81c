// A path no route takes: said inside the shell, with a way home.
import { Link } from 'wouter';

export function NotFoundPage({ home }: { home: string }) {
  return (
    <section className="card" aria-labelledby="not-found-title">
      <h2 id="not-found-title" className="card__heading">
        Page not found
      </h2>
      <p>There is no page at this address in Quay.</p>
      <Link href={home} className="button button--primary">
        Go to your home page
      </Link>
    </section>
  );
}
