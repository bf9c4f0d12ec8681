// Which gateway the SDK talks to: PLATFORM_ENV (prod | alpha | local), or TRAVEL_API_URL; and
// which credential it sends. The same rules as the Python SDK's travel_client.environments
// (docs/decisions/0060-sdk-gateway-resolution.md): exact lower-case names, PLATFORM_ENV checked
// even when TRAVEL_API_URL overrides it, hosted bases under the reserved `.example` domain.
import { UnknownEnvironmentError } from "./errors.js";

/** Environment variables: `process.env` in Node, Deno and Bun; pass your own elsewhere. */
export type Env = Readonly<Record<string, string | undefined>>;

export type Environment = "prod" | "alpha" | "local";

export const GATEWAY_PATH = "/workspaces/graphql";
// The hosted gateways' names are not in the spec: until a release sets them here, prod and alpha
// point at `.example`, so a key can never reach a stranger's host (docs/decisions/0060).
export const DEFAULT_BASE_URLS: Readonly<Record<Environment, string>> = {
  prod: "https://api.travel.example",
  alpha: "https://api.alpha.travel.example",
  local: "http://localhost:4003",
};

/** `process.env` where there is one (Node, Bun, Deno's Node compatibility), else nothing. */
export function processEnv(): Env {
  const proc = (globalThis as { process?: { env?: Env } }).process;
  return proc?.env ?? {};
}

/** The selected environment: `prod` when PLATFORM_ENV is unset or blank. */
export function environment(env: Env = processEnv()): Environment {
  const raw = (env["PLATFORM_ENV"] ?? "").trim() || "prod";
  if (raw === "prod" || raw === "alpha" || raw === "local") return raw;
  throw new UnknownEnvironmentError(
    `PLATFORM_ENV=${JSON.stringify(raw)} is not an environment; use one of: prod, alpha, local`,
  );
}

/**
 * The workspace gateway URL: TRAVEL_API_URL if set, else the environment's. TRAVEL_PROD_BASE_URL
 * and TRAVEL_ALPHA_BASE_URL replace the hosted bases; `local` is always
 * http://localhost:4003/workspaces/graphql.
 */
export function resolveUrl(env: Env = processEnv()): string {
  const selected = environment(env); // validated even when overridden: a typo is still a typo
  const override = (env["TRAVEL_API_URL"] ?? "").trim();
  if (override) return override;
  let base = DEFAULT_BASE_URLS[selected];
  if (selected !== "local") {
    base = (env[`TRAVEL_${selected.toUpperCase()}_BASE_URL`] ?? "").trim() || base;
  }
  return base.replace(/\/+$/, "") + GATEWAY_PATH;
}

/** The bearer value: TRAVEL_API_KEY, else TRAVEL_TOKEN (blank counts as unset). */
export function credential(env: Env = processEnv()): string | undefined {
  for (const name of ["TRAVEL_API_KEY", "TRAVEL_TOKEN"]) {
    const value = (env[name] ?? "").trim();
    if (value) return value;
  }
  return undefined;
}
