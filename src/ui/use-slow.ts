// Whether something has been waited for longer than a person waits without a word (product.md#honest-waiting).
import { useEffect, useState } from 'react';

/** After this long a wait says so and offers Try again. */
const SLOW_AFTER_MS = 5_000;

export function useSlow(waiting: boolean, afterMs = SLOW_AFTER_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => clearTimeout(timer);
  }, [waiting, afterMs]);
  return waiting && slow;
}
