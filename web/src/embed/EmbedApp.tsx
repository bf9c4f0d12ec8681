// The workspace app: the traveler's pages of the web app in a frame on a partner's page, with no
// header or footer of its own, signed in by the host page and talking to it by messages
// (docs/embedding.md). Host tools, admin and the account stay in the web app: none of the
// pages shown here links to them.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
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
import { hostLine, parentOrigin, type HostLine } from "./host";
import { watchHeight } from "./resize";
import { HostSignIn, type SignInStatus } from "./signIn";
import { applyTheme } from "./theme";
import { pathOf, placeOf } from "./views";

export function EmbedApp() {
  const host = useMemo(() => {
    const origin = parentOrigin(embedConfig.allowedOrigins);
    return origin ? hostLine(origin) : null;
  }, []);
  if (!host) {
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
      <Connected host={host} />
    </Router>
  );
}

function Connected({ host }: { host: HostLine }) {
  const session = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [status, setStatus] = useState<SignInStatus>({ kind: "waiting" });

  // The handshake reads the session as it is when it acts, not as it was when it started.
  const now = useRef(session);
  now.current = session;
  const go = useRef(navigate);
  go.current = navigate;
  const signIn = useMemo(
    () =>
      new HostSignIn(host, embedConfig, {
        viewer: () => now.current.viewer,
        signIn: (credential) => now.current.signIn(credential),
        renew: (credential) => now.current.renew(credential),
        signOut: () => now.current.signOut(),
      }, setStatus),
    [host],
  );

  // Ready, then listening, then asking for a sign-in; the height told as it changes.
  const path = location + (search ? `?${search}` : "");
  const start = useRef({ ...placeOf(location), path });
  useEffect(() => {
    host.post("ready", { view: start.current.view, path: start.current.path });
    const stopListening = host.listen((heard) => {
      if (heard.type === "token") void signIn.receive(heard.data.token);
      else if (heard.type === "navigate") go.current(pathOf(heard.data));
      else applyTheme(heard.data);
    });
    signIn.ask("sign-in");
    const stopWatching = watchHeight((height) => host.post("resize", { height }));
    return () => {
      stopListening();
      stopWatching();
      signIn.stop();
    };
  }, [host, signIn]);

  // Every move after the first page tells the host where the app is (for its deep links).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    host.post("navigate", { ...placeOf(location), path });
  }, [host, location, path]);

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
