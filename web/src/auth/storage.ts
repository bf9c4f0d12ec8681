// Where the credential lives: this tab's sessionStorage (gone when the tab closes; never in a
// URL, a cookie or a log).
export type Credential = {
  token: string;
  source: "key" | "oidc" | "demo";
  /** Unix ms after which the token is known to be expired (OIDC), if known. */
  expiresAt?: number;
};

const KEY = "travel.credential";

export function loadCredential(): Credential | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Credential;
    if (typeof parsed.token !== "string" || !parsed.token) return null;
    if (parsed.expiresAt && parsed.expiresAt < Date.now()) {
      clearCredential();
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

export function saveCredential(credential: Credential): void {
  sessionStorage.setItem(KEY, JSON.stringify(credential));
}

export function clearCredential(): void {
  sessionStorage.removeItem(KEY);
}
