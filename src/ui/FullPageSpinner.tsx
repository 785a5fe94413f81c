// The full-page spinner shown while the app loads (SPEC §2 Shell): fills the page below the header.
export function FullPageSpinner() {
  return (
    <div className="page-spinner" role="progressbar" aria-label="Loading">
      <span className="page-spinner__ring" aria-hidden="true" />
    </div>
  );
}
