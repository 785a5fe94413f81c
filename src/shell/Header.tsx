// The sticky 50 px header of product.md#shell: back button (hidden on the role's home), the page title with a TEST badge
// outside production, and the menu button that opens the side drawer. The page's banner landmark.
import { useLocation } from 'wouter';
import { SHOW_TEST_BADGE } from '../platform/config.ts';
import type { RoleGroup } from '../core/role.ts';
import { Icon } from '../ui/Icon.tsx';
import { backAction } from './back.ts';

interface Props {
  title: string;
  /** Signed on: the back and menu buttons (none on the loading and error screens). */
  group?: RoleGroup | undefined;
  onMenu?: (() => void) | undefined;
}

export function Header({ title, group, onMenu }: Props) {
  const [path, navigate] = useLocation();
  const back = group ? backAction(group, path, history.length) : { type: 'hidden' as const };
  const goBack = () => {
    // Read again on click: the history grew since the render.
    const action = group ? backAction(group, location.pathname, history.length) : back;
    if (action.type === 'history') history.back();
    else if (action.type === 'navigate') navigate(action.to);
  };

  return (
    <header className="app-header">
      <div className="app-header__side">
        {back.type !== 'hidden' && (
          <button type="button" className="icon-button" aria-label="Back" onClick={goBack}>
            <Icon name="back" />
          </button>
        )}
      </div>
      <h1 className="app-header__title">
        <span className="app-header__text">{title}</span>
        {SHOW_TEST_BADGE && <span className="app-header__badge"> TEST</span>}
      </h1>
      <div className="app-header__side app-header__side--end">
        {onMenu && (
          <button type="button" className="icon-button" aria-label="Menu" onClick={onMenu}>
            <Icon name="menu" />
          </button>
        )}
      </div>
    </header>
  );
}
