// Search results (or recent searches) as a listbox driven from the input (aria-activedescendant): each option shows
// its type's icon, the carrier code in its colours, code and name, and a type label; a port offers its Live and
// Current Status links (reachable by Tab). A result the user may not open (type 4, another vessel) is no link.
import { Link } from 'wouter';
import type { SearchResult } from '../../core/contract/common.ts';
import type { LinkUser } from '../../core/link.ts';
import { portLiveLink, portStatusLink } from '../../core/link.ts';
import { isPortResult, resultLink, resultText, TYPE_LABEL } from '../../core/search.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';

const ICON: Record<SearchResult['pgmType'], IconName> = {
  VSL: 'vessel',
  VSL_V: 'vessel',
  SVC: 'service',
  PORT: 'port',
  PORT_S: 'port',
};

export const optionKey = (r: SearchResult): string => `${r.pgmType}:${r.code}`;

interface Props {
  id: string;
  label: string;
  results: readonly SearchResult[];
  user: LinkUser;
  /** The option the arrow keys reached, or -1. */
  active: number;
  optionId: (index: number) => string;
  /** A result was opened (its main link, or one of a port's links). */
  onPick: (result: SearchResult, href: string) => void;
}

export function ResultList({ id, label, results, user, active, optionId, onPick }: Props) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="search__results">
      {results.map((r, i) => {
        const href = resultLink(r, user);
        const nameId = `${optionId(i)}-name`;
        const typeId = `${optionId(i)}-type`;
        const open = href !== '#';
        return (
          <li
            key={optionKey(r)}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            aria-disabled={open ? undefined : true}
            aria-labelledby={`${nameId} ${typeId}`}
            className={`result${i === active ? ' result--active' : ''}${open ? ' result--open' : ''}`}
            // A tap anywhere on the row opens it, except on a link, which opens itself.
            onClick={(e) => {
              if (open && !(e.target as Element).closest('a')) onPick(r, href);
            }}
          >
            <Icon name={ICON[r.pgmType]} />
            {r.crrCd && (
              <span className="carrier" style={{ background: r.crrBgColrVal, color: r.crrFgColrVal }}>
                {r.crrCd}
              </span>
            )}
            <span className="result__text">
              {open && !isPortResult(r) ? (
                <Link
                  href={href}
                  id={nameId}
                  className="result__name"
                  tabIndex={-1}
                  onClick={(e) => {
                    e.preventDefault();
                    onPick(r, href);
                  }}
                >
                  {resultText(r)}
                </Link>
              ) : (
                <span id={nameId} className="result__name">
                  {resultText(r)}
                </span>
              )}
              <span id={typeId} className="result__type">
                {TYPE_LABEL[r.pgmType]}
              </span>
            </span>
            {isPortResult(r) && (
              <span className="result__links">
                {[
                  { text: 'Live', to: portLiveLink(r.code) },
                  { text: 'Current Status', to: portStatusLink(r.code) },
                ].map(({ text, to }) => (
                  <Link
                    key={text}
                    href={to}
                    className="chip"
                    onClick={(e) => {
                      e.preventDefault();
                      onPick(r, to);
                    }}
                  >
                    {text}
                  </Link>
                ))}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
