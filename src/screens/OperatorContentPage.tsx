// /setting, /addressBook and /inform/*: pages whose content the operator provides (product.md#screens-and-routes does not show it).
// Each says what it is for and where its content comes from, instead of a blank screen.
import { useId } from 'react';

export interface OperatorContent {
  title: string;
  purpose: string;
}

export const OPERATOR_PAGES: Record<string, OperatorContent> = {
  '/setting': {
    title: 'Setting',
    purpose: 'Your app preferences as your shipping line configures them.',
  },
  '/addressBook': {
    title: 'Address Book',
    purpose: 'Contacts of vessels, port agents and shore offices.',
  },
  '/inform/gsi': {
    title: 'GSI',
    purpose: 'General safety information bulletins for the fleet.',
  },
  '/inform/gvoLetter': {
    title: 'GVO Letter',
    purpose: 'Letters from the global vessel operations centre.',
  },
  '/inform/sapphireFeedback': {
    title: 'Sapphire Feedback',
    purpose: 'Feedback to the operator about the app and its services.',
  },
};

export function OperatorContentPage({ content }: { content: OperatorContent }) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__heading">
        {content.title}
      </h2>
      <p>{content.purpose}</p>
      <p className="muted">
        The content of this page comes from your shipping line&apos;s operator and is not part of this app.
        When the operator publishes it, it appears here.
      </p>
    </section>
  );
}
