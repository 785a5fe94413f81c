// What a section shows while its data is not on the device: nothing while the device is read, "Loading…" while the
// worker fetches it, else why it is missing. With data, the section's own view shows.
import type { ReactNode } from 'react';
import type { PageData } from '../../state/use-page-data.ts';

export function SectionData<T>({ page, children }: { page: PageData<T>; children: (data: T) => ReactNode }) {
  if (page.data) return <>{children(page.data)}</>;
  if (page.data === undefined) return null;
  if (page.loading) return <p className="muted">Loading…</p>;
  return (
    <p className="muted">{page.error ? page.error.detail || page.error.title : 'Not on this device yet.'}</p>
  );
}
