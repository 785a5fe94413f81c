// The sticky 50 px header of SPEC §2: the app's title, with a TEST badge outside production.
import { SHOW_TEST_BADGE } from '../config.ts';

export function Header() {
  return (
    <header className="app-header">
      <h1 className="app-header__title">
        <span>Quay</span>
        {SHOW_TEST_BADGE && <span className="app-header__badge"> TEST</span>}
      </h1>
    </header>
  );
}
