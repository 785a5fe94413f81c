// The full-page spinner shown while the app loads (product.md#shell): fills the page below the header. After a few
// seconds it says what it is waiting for, since on a satellite link an answer can take that long and a bare spinner
// looks like a hang.
import { useEffect, useState } from 'react';

/** What the app waits for: the server to say who is signed on, or the way to the sign-on page. */
export type SpinnerWait = 'session' | 'leaving';

const SPINNER_WORDS: Record<SpinnerWait, { label: string; later: string }> = {
  session: {
    label: 'Loading',
    later: 'Waiting for the server to confirm who is signed on. Over a satellite link this can take a while.',
  },
  leaving: { label: 'Signing out', later: 'Opening the sign-on page…' },
};

/** How long the spinner turns alone before it says why. */
const SPINNER_WORDS_AFTER_MS = 3000;

export function FullPageSpinner({ waitingFor = 'session' }: { waitingFor?: SpinnerWait }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    const timer = setTimeout(() => setLate(true), SPINNER_WORDS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waitingFor]);
  const words = SPINNER_WORDS[waitingFor];
  return (
    <div className="page-spinner">
      <span className="page-spinner__ring" role="progressbar" aria-label={words.label} />
      <p className="page-spinner__words muted" role="status">
        {late ? words.later : ''}
      </p>
    </div>
  );
}
