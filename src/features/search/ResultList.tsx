// Search results (or recent searches) as a listbox driven from the input (aria-activedescendant), after the WAI-ARIA
// combobox pattern: each option has one target and holds nothing interactive; a tap on it or Enter opens it. A result
// shows its type's icon, the carrier code in its colours, code and name, and a type label; a port's other page is a
// second, compact option under it. A result the user may not open (type 4, another vessel) is aria-disabled and says
// why beside its type.
import type { SearchResult } from '../../core/contract/common.ts';
import { TYPE_LABEL, resultText } from '../../core/search.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { portPageText, type ResultOption } from './result-options.ts';

const ICON: Record<SearchResult['pgmType'], IconName> = {
  VSL: 'vessel',
  VSL_V: 'vessel',
  SVC: 'service',
  PORT: 'port',
  PORT_S: 'port',
};

interface Props {
  id: string;
  label: string;
  options: readonly ResultOption[];
  /** The option the arrow keys reached, or -1. */
  active: number;
  optionId: (index: number) => string;
  /** An option that opens a page was tapped. */
  onPick: (option: ResultOption) => void;
}

export function ResultList({ id, label, options, active, optionId, onPick }: Props) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="search__results">
      {options.map((o, i) => {
        const { result: r, href, sub } = o;
        const className = [
          'result',
          sub && 'result--sub',
          // A port's own row and its sub-row read as one entry: no line between them.
          !sub && options[i + 1]?.sub && 'result--has-sub',
          i === active && 'result--active',
          href && 'result--open',
        ].filter(Boolean);
        return (
          <li
            key={o.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            aria-disabled={href ? undefined : true}
            aria-label={o.name}
            aria-describedby={o.why ? `${optionId(i)}-why` : undefined}
            className={className.join(' ')}
            onClick={href ? () => onPick(o) : undefined}
          >
            {sub ? (
              <span className="result__page chip chip--compact">{portPageText(r)}</span>
            ) : (
              <>
                <Icon name={ICON[r.pgmType]} />
                {r.crrCd && (
                  <span className="carrier" style={{ background: r.crrBgColrVal, color: r.crrFgColrVal }}>
                    {r.crrCd}
                  </span>
                )}
                <span className="result__text">
                  <span className="result__name">{resultText(r)}</span>
                  <span className="result__type">
                    {TYPE_LABEL[r.pgmType]}
                    {o.why && (
                      <>
                        {' · '}
                        <span id={`${optionId(i)}-why`}>{o.why}</span>
                      </>
                    )}
                  </span>
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
