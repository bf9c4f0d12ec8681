// The workspace app: the traveler's pages of the web app in a frame on a partner's page, with no
// header or footer of its own, signed in by the host page and talking to it by messages
// (docs/embedding.md). Host tools, admin and the account stay in the web app: none of the
// pages shown here links to them.
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Route, Router, Switch, useLocation, useSearch } from "wouter";
import { FavoritesProvider } from "../api/favorites";
import { useFocusOnNewPage } from "../app/focus";
import { useSession } from "../auth/session";
import { Empty, Loading } from "../components/states";
import { BookingEventsContext, type BookingEvents } from "../lib/bookingEvents";
import { CheckoutPage } from "../pages/checkout/CheckoutPage";
import { DiscoverPage } from "../pages/discover/DiscoverPage";
import { ListingPage } from "../pages/listing/ListingPage";
import { TripsPage } from "../pages/trips/TripsPage";
import { WishlistPage } from "../pages/wishlist/WishlistPage";
import { embedConfig } from "./config";
import type { Connection } from "./connection";

export function EmbedApp({ connection }: { connection: Connection | null }) {
  if (!connection) {
    return (
      <Shell>
        <Empty title="This page is not allowed to show the travel app.">
          <p>Open the travel marketplace on its own site, or ask the workspace's administrator to allow this page.</p>
        </Empty>
      </Shell>
    );
  }
  return (
    <Router base={embedConfig.base}>
      <Connected connection={connection} />
    </Router>
  );
}

function Connected({ connection: { host, signIn, tellPlace } }: { connection: Connection }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const status = useSyncExternalStore(signIn.watch, signIn.current);
  signIn.bind({ viewer: () => session.viewer, signIn: session.signIn, renew: session.renew, signOut: () => session.signOut() });

  // Every move tells the host where the app is (for its deep links).
  const path = location + (search ? `?${search}` : "");
  useEffect(() => tellPlace(path), [tellPlace, path]);

  // The API refused the credential on its own (revoked, or the member removed): the session is over.
  const signedOut = session.state.status === "signed-out";
  useEffect(() => {
    if (signedOut && status.kind === "signed-in") signIn.end("UNAUTHENTICATED", "Your sign-in is no longer accepted.");
  }, [signedOut, status.kind, signIn]);

  const events = useMemo<BookingEvents>(
    () => ({ created: (event) => host.post("booking.created", event), cancelled: (event) => host.post("booking.cancelled", event) }),
    [host],
  );

  if (status.kind === "ended") {
    return (
      <Shell>
        <div className="state state-error" role="alert">
          <h1 className="state-title">Your session ended</h1>
          <p>{status.message}</p>
          <button type="button" className="button secondary" onClick={() => signIn.ask("sign-in")}>
            Sign in again
          </button>
        </div>
      </Shell>
    );
  }
  if (session.state.status !== "signed-in") {
    return (
      <Shell>
        <Loading label="Signing in…" />
      </Shell>
    );
  }
  return (
    <BookingEventsContext.Provider value={events}>
      <FavoritesProvider>
        <Shell>
          <Switch>
            <Route path="/" component={DiscoverPage} />
            <Route path="/checkout/:kind/:id" component={CheckoutPage} />
            <Route path="/trips" component={TripsPage} />
            <Route path="/wishlist" component={WishlistPage} />
            <Route path="/:kind/:id" component={ListingPage} />
            <Route>
              <Empty title="There is no such page." />
            </Route>
          </Switch>
        </Shell>
      </FavoritesProvider>
    </BookingEventsContext.Provider>
  );
}

/** The frame's only chrome: the content, which takes the focus when the page changes. */
function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNewPage(main, location);
  return (
    <main id="main" className="embed" ref={main} tabIndex={-1}>
      {children}
    </main>
  );
}
