// /port/sailings?from=SGSIN&to=NLRTM&weeks=4: Port to port (product.md#screens-and-routes). The address holds the search, so a search is
// linked to, shared and gone back to; a port missing or not a port code is picked on the page. Loaded when
// first opened (src/shell/ShellRoutes.tsx).
import { useSearch } from 'wouter';
import { SAILINGS_MAX_WEEKS, SAILINGS_WEEKS } from '../core/sailing-weeks.ts';
import { SailingsView } from '../features/ports/SailingsView.tsx';

const portOf = (v: string | null): string | null => {
  const code = (v ?? '').trim().toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}$/.test(code) ? code : null;
};

export function SailingsPage() {
  const q = new URLSearchParams(useSearch());
  const weeks = Number(q.get('weeks'));
  return (
    <SailingsView
      from={portOf(q.get('from'))}
      to={portOf(q.get('to'))}
      weeks={Number.isInteger(weeks) && weeks >= 1 && weeks <= SAILINGS_MAX_WEEKS ? weeks : SAILINGS_WEEKS}
    />
  );
}
