// The signed-on pages of product.md#home-of-each-role by route; `/` goes to the role's home, any other path to the not-found view.
// A role's home is in the first page; the other pages (the vessel, a service, Port to port) and what only some pages
// need (map, chat) are loaded when used, from the `later` chunk or the map's (vite.config.ts), precached with the rest.
import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ChatPage } from '../screens/ChatPage.tsx';
import { HelpPage } from '../screens/HelpPage.tsx';
import { MyVesselPage } from '../screens/MyVesselPage.tsx';
import { NotFoundPage } from '../screens/NotFoundPage.tsx';
import { OPERATOR_PAGES, OperatorContentPage } from '../screens/OperatorContentPage.tsx';
import { PortPage } from '../screens/PortPage.tsx';
import { VoyagePage } from '../screens/VoyagePage.tsx';
import { titleOf } from './routes.ts';

/**
 * A page loaded when used. Should its code be missing from the device (storage the browser cleared), at sea
 * the page says so in plain words.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const missing: ComponentType<P> = () => <NeedsLinkFirst />;
  const Page = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: missing }),
    ),
  );
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={null}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const SailingsPage = lazyPage(() => import('../screens/SailingsPage.tsx').then((m) => m.SailingsPage));
const VesselPage = lazyPage(() => import('../screens/VesselPage.tsx').then((m) => m.VesselPage));
const ServicePage = lazyPage(() => import('../screens/ServicePage.tsx').then((m) => m.ServicePage));
// My devices and the user administration (PeoplePage.tsx): one chunk, never in the first page.
const PeoplePage = lazyPage(() => import('../screens/PeoplePage.tsx').then((m) => m.PeoplePage));

/** The page's title is its route's (routes.ts), as the header shows it. */
function NeedsLinkFirst() {
  const [path] = useLocation();
  const title = titleOf(path);
  return (
    <section className="card" aria-labelledby="needs-link">
      <h2 id="needs-link" className="card__heading">
        {title}
      </h2>
      <p>This page opens with no link once it has been opened with one. Try again when there is a link.</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}

export function ShellRoutes({
  home,
  onSignOut,
}: {
  home: string;
  /** This device's ordinary logout, which My devices offers on its own row. */
  onSignOut: () => Promise<string | undefined>;
}) {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={home} replace />
      </Route>
      <Route path="/vessel/schedule">{() => <VesselPage view="schedule" />}</Route>
      <Route path="/vessel">{() => <VesselPage />}</Route>
      <Route path="/vessel/:vslCd">{(p) => <VesselPage vslCd={p.vslCd} />}</Route>
      <Route path="/voyage">{() => <VoyagePage />}</Route>
      <Route path="/voyage/:vslCd">{(p) => <VoyagePage vslCd={p.vslCd} />}</Route>
      <Route path="/service">{() => <ServicePage />}</Route>
      <Route path="/service/:laneCode">{(p) => <ServicePage laneCode={p.laneCode} />}</Route>
      <Route path="/port/live">{() => <PortPage view="live" />}</Route>
      <Route path="/port/live/:portCode">{(p) => <PortPage view="live" portCode={p.portCode} />}</Route>
      <Route path="/port/sailings">{() => <SailingsPage />}</Route>
      <Route path="/port/status">{() => <PortPage view="status" />}</Route>
      <Route path="/port/status/:portCode">{(p) => <PortPage view="status" portCode={p.portCode} />}</Route>
      <Route path="/myvessel">{() => <MyVesselPage />}</Route>
      <Route path="/chat/">{() => <ChatPage />}</Route>
      <Route path="/chat/:vslCd">{(p) => <ChatPage vslCd={p.vslCd} />}</Route>
      <Route path="/help/">{() => <HelpPage />}</Route>
      <Route path="/setting/devices">{() => <PeoplePage page="devices" onSignOut={onSignOut} />}</Route>
      <Route path="/admin/users">{() => <PeoplePage page="users" />}</Route>
      <Route path="/admin/users/:usrId">{(p) => <PeoplePage page="users" usrId={p.usrId} />}</Route>
      <Route path="/admin/add-user">{() => <PeoplePage page="users" adding />}</Route>
      <Route path="/admin/audit">{() => <PeoplePage page="audit" />}</Route>
      {Object.entries(OPERATOR_PAGES).map(([path, content]) => (
        <Route key={path} path={path}>
          {() => <OperatorContentPage content={content} />}
        </Route>
      ))}
      <Route>{() => <NotFoundPage home={home} />}</Route>
    </Switch>
  );
}
