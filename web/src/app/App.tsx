// Routes: who is signed in decides what can be reached (the API decides what is allowed).
import { Route, Switch, useLocation } from "wouter";
import { FavoritesProvider } from "../api/favorites";
import { CallbackPage } from "../auth/CallbackPage";
import { CALLBACK_PATH } from "../auth/oidc";
import { useSession } from "../auth/session";
import { SignInPage } from "../auth/SignInPage";
import { Empty, Loading } from "../components/states";
import { AdminPage } from "../pages/admin/AdminPage";
import { CheckoutPage } from "../pages/checkout/CheckoutPage";
import { DiscoverPage } from "../pages/discover/DiscoverPage";
import { ExplorerPage } from "../pages/explorer/ExplorerPage";
import { AccountPage } from "../pages/account/AccountPage";
import { EditListingPage } from "../pages/host/EditListingPage";
import { HostPage } from "../pages/host/HostPage";
import { NewListingPage } from "../pages/host/NewListingPage";
import { ProviderPage } from "../pages/host/ProviderPage";
import { ItineraryPage } from "../pages/itinerary/ItineraryPage";
import { ListingPage } from "../pages/listing/ListingPage";
import { TripsPage } from "../pages/trips/TripsPage";
import { WishlistPage } from "../pages/wishlist/WishlistPage";
import { Layout } from "./Layout";

// The explorer is also served at the API's address, for partners who only have a key.
const EXPLORER_PATHS = ["/explorer", "/workspaces/graphql"];

export function App() {
  const { state } = useSession();
  const [location] = useLocation();
  if (location === CALLBACK_PATH) {
    return (
      <Layout>
        <CallbackPage />
      </Layout>
    );
  }
  if (state.status === "checking" && !state.entered) {
    return (
      <Layout>
        <Loading label="Signing in…" />
      </Layout>
    );
  }
  // Signed out, or checking what the sign-in form just took (the form stays, saying so).
  if (state.status !== "signed-in") {
    return <Layout>{EXPLORER_PATHS.includes(location) ? <ExplorerPage /> : <SignInPage />}</Layout>;
  }
  return (
    <FavoritesProvider>
      <Layout>
        <Switch>
          <Route path="/" component={DiscoverPage} />
          <Route path="/checkout/:kind/:id" component={CheckoutPage} />
          <Route path="/trips" component={TripsPage} />
          <Route path="/wishlist" component={WishlistPage} />
          <Route path="/itinerary" component={ItineraryPage} />
          <Route path="/host" component={HostPage} />
          <Route path="/host/new" component={NewListingPage} />
          <Route path="/host/providers/:id" component={ProviderPage} />
          <Route path="/host/listings/:kind/:id" component={EditListingPage} />
          <Route path="/account" component={AccountPage} />
          <Route path="/admin" component={AdminPage} />
          <Route path="/explorer" component={ExplorerPage} />
          <Route path="/workspaces/graphql" component={ExplorerPage} />
          <Route path="/:kind/:id" component={ListingPage} />
          <Route>
            <Empty title="There is no such page." />
          </Route>
        </Switch>
      </Layout>
    </FavoritesProvider>
  );
}
