// Single sign-on: the OAuth 2.0 authorization-code flow with PKCE against the configured OIDC
// issuer (oauth4webapi). The verifier, state and nonce wait in sessionStorage during the
// round trip; the access token becomes the API bearer credential.
import * as oauth from "oauth4webapi";
import type { OidcConfig } from "../config";
import type { Credential } from "./storage";

const PENDING = "travel.oidc.pending";
export const CALLBACK_PATH = "/auth/callback";

type Pending = { verifier: string; state: string; nonce: string; next: string };

function redirectUri(): string {
  return `${window.location.origin}${CALLBACK_PATH}`;
}

function options(issuer: URL) {
  // Plain http only for an issuer on this machine (development and the tests' issuer).
  const local = issuer.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
  return local ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(config: OidcConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(config.issuer);
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...options(issuer) });
  return oauth.processDiscoveryResponse(issuer, response);
}

export async function startSignIn(config: OidcConfig, next: string): Promise<void> {
  const server = await discover(config);
  if (!server.authorization_endpoint) throw new Error("the issuer has no authorization endpoint");
  const pending: Pending = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    next,
  };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(server.authorization_endpoint);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", redirectUri());
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", config.scope);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(pending.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", pending.state);
  url.searchParams.set("nonce", pending.nonce);
  window.location.assign(url.href);
}

/** Finish the flow on the callback page: the credential and where to go next. */
export async function finishSignIn(config: OidcConfig, callback: URL): Promise<{ credential: Credential; next: string }> {
  const raw = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!raw) throw new Error("This sign-in was not started here (or was already finished). Please start again.");
  const pending = JSON.parse(raw) as Pending;
  const server = await discover(config);
  const client: oauth.Client = { client_id: config.clientId };
  const params = oauth.validateAuthResponse(server, client, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.verifier,
    options(new URL(config.issuer)),
  );
  const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  const credential: Credential = { token: result.access_token, source: "oidc" };
  if (typeof result.expires_in === "number") credential.expiresAt = Date.now() + result.expires_in * 1000;
  return { credential, next: pending.next };
}
