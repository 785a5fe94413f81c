// The smart search drawer of product.md#search-drawer (80% height): an upper-casing combobox input with a clear button, results as
// the user types in a listbox (arrow keys walk every option, a port's two pages included, and Enter opens one), "Results
// from this device" when the search was answered with no link, and the user's recent picks while the input is empty.
// Links follow product.md#who-may-do-what. Users who search vessels only are told so when nothing matches, and
// where ports are.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { SearchResult } from '../../core/contract/common.ts';
import { filterResults, searchTitle, SEARCH_MIN_CHARS } from '../../core/search.ts';
import { isRestricted } from '../../core/role.ts';
import { closeDrawer, uiState, userState } from '../../state/app-state.ts';
import { Drawer } from '../../ui/Drawer.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { readRecent, rememberPick } from './recent-searches.ts';
import { resultOptions, type ResultOption } from './result-options.ts';
import { ResultList } from './ResultList.tsx';
import { useKeywordSearch } from './use-keyword-search.ts';

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
  const user = useSnapshot(userState).user;
  const [, navigate] = useLocation();
  const [input, setInput] = useState('');
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const state = useKeywordSearch(input, user?.usrTpCd);
  const usrId = user?.usrId ?? '';
  const [recent, setRecent] = useState<SearchResult[]>(() => readRecent(usrId));
  useEffect(() => inputRef.current?.focus(), []);

  const showRecent = input.trim() === '';
  const shown = useMemo(
    () => (showRecent ? filterResults(recent, user?.usrTpCd) : state.status === 'done' ? state.results : []),
    [showRecent, recent, state, user?.usrTpCd],
  );
  const options = useMemo(() => resultOptions(shown, user), [shown, user]);
  // A new list starts with no option reached; the same options drawn again (another answer alike) keep it.
  const optionKeys = options.map((o) => o.key).join(' ');
  useEffect(() => setActive(-1), [optionKeys]);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = ({ result, href }: ResultOption) => {
    if (!href) return;
    if (usrId) setRecent(rememberPick(usrId, result));
    closeDrawer('search');
    navigate(href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      const last = options.length - 1;
      setActive((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      const option = options[active];
      e.preventDefault();
      if (option) pick(option);
    }
  };

  const expanded = options.length > 0;
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
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && active < options.length ? optionId(active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={`At least ${SEARCH_MIN_CHARS} characters`}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value.toUpperCase())}
          onKeyDown={onKeyDown}
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
      {showRecent && recent.length > 0 && <h3 className="search__heading">Recent searches</h3>}
      {state.status === 'error' && !showRecent && (
        <p className="inline-error" role="alert">
          {state.message}
        </p>
      )}
      {/* One live region, there before its text changes, so a screen reader hears each answer. */}
      <div className="search__status" role="status">
        {!showRecent && state.status === 'searching' && <p className="muted">Searching…</p>}
        {!showRecent && state.status === 'done' && (
          <>
            {state.results.length === 0 ? (
              isRestricted(user) ? (
                <VesselsOnly />
              ) : (
                <p className="empty">No data</p>
              )
            ) : (
              <p className="visually-hidden">
                {state.results.length} {state.results.length === 1 ? 'result' : 'results'}
              </p>
            )}
            {state.fromDevice && <p className="search__device">Results from this device</p>}
          </>
        )}
      </div>
      {expanded && (
        <ResultList
          id={listId}
          label={showRecent ? 'Recent searches' : 'Results'}
          options={options}
          active={active}
          optionId={optionId}
          onPick={pick}
        />
      )}
    </div>
  );
}

/** The empty result of a user who searches vessels only (product.md#search-drawer): what search finds, and where ports are. */
function VesselsOnly() {
  return (
    <div className="search__vessels-only">
      <p className="empty">No vessel matches.</p>
      <p>
        Search finds vessels only, by name, code, IMO number, MMSI or call sign. Ports are on{' '}
        <Link href="/port/live" onClick={() => closeDrawer('search')}>
          Port Live
        </Link>
        , with a picker of every port.
      </p>
    </div>
  );
}
