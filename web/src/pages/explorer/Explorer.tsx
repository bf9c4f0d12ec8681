// GraphiQL against the public endpoint with the signed-in credential (loaded only on this page:
// it is larger than the rest of the app together).
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { useMemo } from "react";
import { config } from "../../config";

const EXAMPLE = `# The connectivity check of the specification
query Ping {
  travelProperties(pagination: { skip: 0, take: 1 }) {
    id
    name
  }
}
`;

export default function Explorer({ credential }: { credential: string | null }) {
  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher({
        url: new URL(config.apiUrl, window.location.href).href,
        headers: credential ? { Authorization: `Bearer ${credential}` } : {},
      }),
    [credential],
  );
  return (
    <div className="explorer">
      <GraphiQL fetcher={fetcher} defaultQuery={EXAMPLE} defaultHeaders={credential ? "" : '{"Authorization": "Bearer <your API key>"}'} />
    </div>
  );
}
