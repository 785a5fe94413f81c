// The smart search drawer of SPEC §2 (80% height): an upper-casing input with a clear button, results as the user
// types, each with its type's icon, the carrier code in its colours, code and name (vessels by name) and a type
// label; port results offer Live and Current Status. Links follow the link helper of SPEC §6.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import type { SearchResult } from '../../core/contract/common.ts';
import { portLiveLink, portStatusLink, serviceLink, vesselLink } from '../../core/link.ts';
import { searchTitle, SEARCH_MIN_CHARS, TYPE_LABEL } from '../../core/search.ts';
import { closeDrawer, uiState, userState } from '../../state/app-state.ts';
import { Drawer } from '../../ui/Drawer.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { useKeywordSearch } from './use-keyword-search.ts';

const ICON: Record<SearchResult['pgmType'], IconName> = {
  VSL: 'vessel',
  VSL_V: 'vessel',
  SVC: 'service',
  PORT: 'port',
  PORT_S: 'port',
};

export function SearchDrawer() {
  const ui = useSnapshot(uiState);
  const open = ui.drawer === 'search';
  const user = useSnapshot(userState).user;
  return (
    <Drawer
      open={open}
      onClose={() => closeDrawer('search')}
      title={searchTitle(user?.usrTpCd)}
      heightPct={80}
    >
      {open && <SearchBody />}
    </Drawer>
  );
}

function SearchBody() {
  const snap = useSnapshot(userState);
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const state = useKeywordSearch(input, snap.user?.usrTpCd);
  useEffect(() => inputRef.current?.focus(), []);
  const close = () => closeDrawer('search');

  const hrefOf = (r: SearchResult): string =>
    r.pgmType === 'SVC'
      ? serviceLink(r.code)
      : r.pgmType === 'PORT'
        ? portLiveLink(r.code)
        : r.pgmType === 'PORT_S'
          ? portStatusLink(r.code)
          : vesselLink(snap.user, r.code);

  return (
    <div className="search">
      <div className="search__field">
        <label htmlFor={inputId} className="visually-hidden">
          Keyword
        </label>
        <Icon name="search" className="search__glass" />
        <input
          ref={inputRef}
          id={inputId}
          className="search__input"
          type="text"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={`At least ${SEARCH_MIN_CHARS} characters`}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value.toUpperCase())}
        />
        {input && (
          <button
            type="button"
            className="icon-button"
            aria-label="Clear search"
            onClick={() => {
              setInput('');
              inputRef.current?.focus();
            }}
          >
            <Icon name="close" />
          </button>
        )}
      </div>
      {state.status === 'searching' && (
        <p className="muted" role="status">
          Searching…
        </p>
      )}
      {state.status === 'error' && (
        <p className="inline-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' &&
        (state.results.length === 0 ? (
          <p className="empty">No data</p>
        ) : (
          <ul className="search__results" aria-label="Results">
            {state.results.map((r) => (
              <li key={`${r.pgmType}:${r.code}`} className="result">
                <Icon name={ICON[r.pgmType]} />
                {r.crrCd && (
                  <span className="carrier" style={{ background: r.crrBgColrVal, color: r.crrFgColrVal }}>
                    {r.crrCd}
                  </span>
                )}
                <span className="result__text">
                  {r.pgmType === 'PORT' || r.pgmType === 'PORT_S' || hrefOf(r) === '#' ? (
                    <span className="result__name">
                      {r.pgmType === 'VSL' || r.pgmType === 'VSL_V' ? r.name : `${r.code} ${r.name}`}
                    </span>
                  ) : (
                    <Link href={hrefOf(r)} className="result__name" onClick={close}>
                      {r.pgmType === 'SVC' ? `${r.code} ${r.name}` : r.name}
                    </Link>
                  )}
                  <span className="result__type">{TYPE_LABEL[r.pgmType]}</span>
                </span>
                {(r.pgmType === 'PORT' || r.pgmType === 'PORT_S') && (
                  <span className="result__links">
                    <Link href={portLiveLink(r.code)} className="chip" onClick={close}>
                      Live
                    </Link>
                    <Link href={portStatusLink(r.code)} className="chip" onClick={close}>
                      Current Status
                    </Link>
                  </span>
                )}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
