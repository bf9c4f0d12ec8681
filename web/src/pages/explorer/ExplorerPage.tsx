// The GraphQL explorer for partners, inside the app (signed in: it uses that credential) and
// on the API's own address (GET /workspaces/graphql in a browser: a key is pasted as a header).
import { lazy, Suspense } from "react";
import { useSession } from "../../auth/session";
import { Loading } from "../../components/states";
import { usePageTitle } from "../../lib/title";

const Explorer = lazy(() => import("./Explorer"));

export function ExplorerPage() {
  usePageTitle("GraphQL explorer");
  const { state } = useSession();
  const credential = state.status === "signed-in" ? state.credential.token : null;
  return (
    <section className="page explorer-page" aria-labelledby="explorer-title">
      <h1 id="explorer-title" className="visually-hidden">
        GraphQL explorer
      </h1>
      <Suspense fallback={<Loading label="Loading the explorer…" />}>
        <Explorer credential={credential} />
      </Suspense>
    </section>
  );
}
