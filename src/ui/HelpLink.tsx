// The small "What do these mean?" link beside the shipping words a screen uses (ETA, proforma, late and early...): it
// opens the glossary, /help/ (product.md#the-words-quay-uses), which works at sea like every page.
import { Link } from 'wouter';

/** `onClick`: what else the click does, e.g. closing the drawer the link sits in. */
export function HelpLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link href="/help/" className="help-link" onClick={onClick}>
      What do these mean?
    </Link>
  );
}
