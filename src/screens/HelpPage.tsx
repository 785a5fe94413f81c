// /help/, what the shipping words in Quay mean (product.md#the-words-quay-uses). The glossary is loaded
// when first opened (the `later` chunk) and precached with the rest, so the window's first page carries none of its words.
import { lazy, Suspense } from 'react';

const Glossary = lazy(() =>
  import('../features/help/Glossary.tsx').then(
    (m) => ({ default: m.Glossary }),
    () => ({ default: GlossaryNeedsLink }),
  ),
);

/** Should its code be missing from the device (storage the browser cleared), the page says so in plain words. */
function GlossaryNeedsLink() {
  return (
    <section className="card">
      <h2 className="card__heading">What the words mean</h2>
      <p>This page is not on the device yet: open it once with a link.</p>
    </section>
  );
}

export function HelpPage() {
  return (
    <Suspense fallback={null}>
      <Glossary />
    </Suspense>
  );
}
