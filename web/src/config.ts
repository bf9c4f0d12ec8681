// What the server tells the pages at run time (inlined into index.html and embed.html by
// src/travel/web/routes.py): never a secret.
export type OidcConfig = { issuer: string; clientId: string; scope: string };

export type AppConfig = {
  apiUrl: string;
  demo: boolean;
  oidc: OidcConfig | null;
};

const DEFAULTS: AppConfig = { apiUrl: "/workspaces/graphql", demo: false, oidc: null };

/** The page's inlined configuration over `defaults` (the defaults alone when it is missing or
 * unreadable). */
export function readConfig<T extends object>(defaults: T): T {
  const element = document.getElementById("travel-config");
  if (!element?.textContent) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(element.textContent) as Partial<T>) };
  } catch {
    return defaults;
  }
}

export const config = readConfig(DEFAULTS);
