// Where the credential lives: the web app keeps it in this tab's sessionStorage (gone when the
// tab closes; never in a URL, a cookie or a log); the workspace app keeps it nowhere but in
// memory (docs/embedding.md), so a reload asks the host page again.
export type Credential = {
  token: string;
  /** A key pasted, single sign-on, a demo role, or a host page's token exchanged (the embed). */
  source: "key" | "oidc" | "demo" | "host";
  /** Unix ms after which the token is known to be expired (OIDC, the embed's), if known. */
  expiresAt?: number;
};

export type CredentialStorage = {
  load(): Credential | null;
  save(credential: Credential): void;
  clear(): void;
};

const KEY = "travel.credential";

export const TAB_STORAGE: CredentialStorage = {
  load() {
    try {
      const raw = sessionStorage.getItem(KEY);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Credential;
      if (typeof parsed.token !== "string" || !parsed.token) return null;
      if (parsed.expiresAt && parsed.expiresAt < Date.now()) {
        TAB_STORAGE.clear();
        return null;
      }
      return parsed;
    } catch {
      return null;
    }
  },
  save(credential) {
    sessionStorage.setItem(KEY, JSON.stringify(credential));
  },
  clear() {
    sessionStorage.removeItem(KEY);
  },
};

/** Nothing kept anywhere: the session's own state is the only copy. */
export const NO_STORAGE: CredentialStorage = { load: () => null, save() {}, clear() {} };
