// The signed-on pages of product.md#home-of-each-role by route; `/` goes to the role's home, any other path to the not-found view.
// Pages are small; what only some pages need (map, chat) is split off and loaded when used.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ChatPage } from '../screens/ChatPage.tsx';
import { MyVesselPage } from '../screens/MyVesselPage.tsx';
import { NotFoundPage } from '../screens/NotFoundPage.tsx';
import { OPERATOR_PAGES, OperatorContentPage } from '../screens/OperatorContentPage.tsx';
import { PortPage } from '../screens/PortPage.tsx';
import { ServicePage } from '../screens/ServicePage.tsx';
import { VesselPage } from '../screens/VesselPage.tsx';
import { VoyagePage } from '../screens/VoyagePage.tsx';

/**
 * Port to port is a chunk of its own, loaded when first opened (and precached with the rest). Should its code be
 * missing from the device (storage the browser cleared), at sea the page says so in plain words.
 */
const SailingsPage = lazy(() =>
  import('../screens/SailingsPage.tsx').then(
    (m) => ({ default: m.SailingsPage }),
    () => ({ default: NeedsLinkFirst }),
  ),
);

function NeedsLinkFirst() {
  return (
    <section className="card" aria-labelledby="needs-link">
      <h2 id="needs-link" className="card__heading">
        Port to port
      </h2>
      <p>This page opens with no link once it has been opened with one. Try again when there is a link.</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}

export function ShellRoutes({ home }: { home: string }) {
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
      <Route path="/port/sailings">
        {() => (
          <Suspense fallback={null}>
            <SailingsPage />
          </Suspense>
        )}
      </Route>
      <Route path="/port/status">{() => <PortPage view="status" />}</Route>
      <Route path="/port/status/:portCode">{(p) => <PortPage view="status" portCode={p.portCode} />}</Route>
      <Route path="/myvessel">{() => <MyVesselPage />}</Route>
      <Route path="/chat/">{() => <ChatPage />}</Route>
      <Route path="/chat/:vslCd">{(p) => <ChatPage vslCd={p.vslCd} />}</Route>
      {Object.entries(OPERATOR_PAGES).map(([path, content]) => (
        <Route key={path} path={path}>
          {() => <OperatorContentPage content={content} />}
        </Route>
      ))}
      <Route>{() => <NotFoundPage home={home} />}</Route>
    </Switch>
  );
}
