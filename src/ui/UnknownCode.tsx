// A page whose code names nothing (product.md#unknown-codes): one plain card, "Vessel ZZZZ not found", with a way
// back, and nothing else (no Share, no calendar, no map, no composer).
import { Link } from 'wouter';

export function UnknownCode({
  what,
  code,
  back = { href: '/', label: 'Go to your home page' },
}: {
  /** What the code should name, in lower case: "vessel", "port", "chat room". */
  what: string;
  code: string;
  /** Where the way back goes; by default the user's home ("/" leads there). */
  back?: { href: string; label: string };
}) {
  return (
    <section className="card" aria-labelledby="unknown-code-title">
      <h2 id="unknown-code-title" className="card__heading">
        {what.charAt(0).toUpperCase()}
        {what.slice(1)} {code} not found
      </h2>
      <p>
        There is no {what} {code} in Quay.
      </p>
      <Link href={back.href} className="button button--primary">
        {back.label}
      </Link>
    </section>
  );
}
