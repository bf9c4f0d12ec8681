// What the server tells the pages at run time (inlined into index.html by
// src/travel/web/routes.py): never a secret.
export type OidcConfig = { issuer: string; clientId: string; scope: string };

export type AppConfig = {
  apiUrl: string;
  demo: boolean;
  oidc: OidcConfig | null;
};

const DEFAULTS: AppConfig = { apiUrl: "/workspaces/graphql", demo: false, oidc: null };

export function readConfig(): AppConfig {
  const element = document.getElementById("travel-config");
  if (!element?.textContent) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(element.textContent) as Partial<AppConfig>) };
  } catch {
    return DEFAULTS;
  }
}

export const config = readConfig();
