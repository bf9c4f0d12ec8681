// The one GraphQL client of the web app: urql against the public endpoint, with the signed-in
// credential as a bearer token. A new client (and so an empty cache) per credential: nothing
// one person saw is ever shown to the next.
import { Client, cacheExchange, fetchExchange, mapExchange } from "@urql/core";
import { config } from "../config";

export type ClientOptions = {
  /** The bearer token, read for each request (a renewed one replaces it in place). */
  credential: () => string;
  onUnauthenticated: () => void;
};

export function createClient({ credential, onUnauthenticated }: ClientOptions): Client {
  return new Client({
    url: config.apiUrl,
    preferGetMethod: false, // the API answers POST only
    requestPolicy: "cache-and-network",
    // The credential is added by the fetch itself: an operation's own fetchOptions (an
    // Idempotency-Key) replace the client's, and must not drop the Authorization header.
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("Authorization", `Bearer ${credential()}`);
      return fetch(input, { ...init, headers });
    },
    exchanges: [
      cacheExchange,
      mapExchange({
        onError(error) {
          if (error.graphQLErrors.some((e) => e.extensions?.code === "UNAUTHENTICATED")) {
            onUnauthenticated();
          }
        },
      }),
      fetchExchange,
    ],
  });
}

/** A fresh Idempotency-Key: one per checkout attempt, reused when that attempt is retried. */
export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}

/** Headers for a mutation that must run at most once, whatever the retries. */
export function idempotent(key: string) {
  return { fetchOptions: { headers: { "Idempotency-Key": key } } };
}
