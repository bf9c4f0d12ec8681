// Who is signed in, and what they may do: the credential (kept where auth/storage.ts says), the
// urql client made for it, and `travelViewer` — the API's own answer to "what may this
// credential do".
import type { Client } from "@urql/core";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Provider as UrqlProvider } from "urql";
import { createClient } from "../api/client";
import { hasCode, sentence } from "../api/errors";
import { graphql } from "../gql";
import type { ViewerQuery } from "../gql/graphql";
import { TAB_STORAGE, type Credential, type CredentialStorage } from "./storage";

export const ViewerDocument = graphql(`
  query Viewer {
    travelViewer {
      memberId
      subject
      roles
      permissions
      workspace { id name plan }
      displayName
      email
    }
  }
`);

export type Viewer = ViewerQuery["travelViewer"];
export type Permission =
  | "travel:read"
  | "travel:book"
  | "travel:favorite"
  | "travel:host"
  | "travel:analytics"
  | "travel:admin";

// `entered`: the credential was entered on this page, in the sign-in form (which stays while it
// is checked, and which focus follows to the page that replaces it); false for one kept from
// earlier in this tab or brought back by single sign-on — a full page load, where focus starts
// at the top like any other.
type State =
  | { status: "signed-out"; notice: string | null }
  | { status: "checking"; credential: Credential; entered: boolean }
  | { status: "signed-in"; credential: Credential; viewer: Viewer; client: Client; bearer: Bearer; entered: boolean };

/** The token the session's client sends, replaced in place when the credential is renewed. */
type Bearer = { current: string };

type Session = {
  state: State;
  viewer: Viewer | null;
  can: (permission: Permission) => boolean;
  signIn: (credential: Credential) => Promise<string | null>;
  signOut: (notice?: string) => void;
  /** The same member's fresh credential (the embed's, before the old one expires): the client,
   * its cache and the pages stay as they are. False when no one is signed in. */
  renew: (credential: Credential) => boolean;
  /** The viewer as a change of profile answered it (the name shown, the email kept). */
  updateViewer: (viewer: Viewer) => void;
};

const SessionContext = createContext<Session | null>(null);

// What a credential that was just entered and refused (401) means, by where it came from.
const NOT_ACCEPTED: Record<Credential["source"], string> = {
  key: "This API key was not accepted. Check that you pasted all of it, and that it has not been revoked or expired.",
  oidc: "Your single sign-on was not accepted by this workspace. Try signing in again, or ask your administrator.",
  demo: "The demo key was not accepted. Restart the demo and try again.",
  host: "Your sign-in was not accepted by this workspace.",
};

/** A key pasted or a demo role chosen in the sign-in form (single sign-on comes back by a full
 * page load). */
function enteredInForm(credential: Credential): boolean {
  return credential.source !== "oidc" && credential.source !== "host";
}

type ProviderProps = { children: ReactNode; storage?: CredentialStorage };

export function SessionProvider({ children, storage = TAB_STORAGE }: ProviderProps) {
  const [state, setState] = useState<State>(() => {
    const stored = storage.load();
    return stored ? { status: "checking", credential: stored, entered: false } : { status: "signed-out", notice: null };
  });

  const signOut = useCallback((notice?: string) => {
    storage.clear();
    setState({ status: "signed-out", notice: notice ?? null });
  }, [storage]);

  const verify = useCallback(
    // `fresh`: a credential just entered (not one kept from earlier in this tab), so a refusal
    // says it was not accepted, not that a session ended — and is returned for the page that
    // took it to show next to where it was entered, rather than as the sign-in page's notice.
    async (credential: Credential, fresh = false): Promise<string | null> => {
      let verified = false; // until then, a refusal is this check's answer (below)
      const bearer: Bearer = { current: credential.token };
      const client = createClient({
        credential: () => bearer.current,
        onUnauthenticated: () => {
          if (verified) signOut("Your session has ended. Please sign in again.");
        },
      });
      const result = await client.query(ViewerDocument, {}, { requestPolicy: "network-only" }).toPromise();
      if (result.error || !result.data) {
        storage.clear();
        const refused = fresh && hasCode(result.error, "UNAUTHENTICATED");
        const problem = refused
          ? NOT_ACCEPTED[credential.source]
          : (sentence(result.error) ?? "We could not check this credential.");
        setState({ status: "signed-out", notice: fresh ? null : problem });
        return problem;
      }
      verified = true;
      storage.save(credential);
      const viewer = result.data.travelViewer;
      setState({ status: "signed-in", credential, viewer, client, bearer, entered: fresh && enteredInForm(credential) });
      return null;
    },
    [signOut, storage],
  );

  // A credential kept from earlier in this tab is checked once, when the app starts.
  useEffect(() => {
    const stored = storage.load();
    if (stored) void verify(stored);
  }, [verify, storage]);

  const session = useMemo<Session>(() => {
    const viewer = state.status === "signed-in" ? state.viewer : null;
    const granted = new Set(viewer?.permissions ?? []);
    return {
      state,
      viewer,
      can: (permission) => granted.has(permission),
      signIn: (credential) => {
        setState({ status: "checking", credential, entered: enteredInForm(credential) });
        return verify(credential, true);
      },
      signOut,
      renew: (credential) => {
        if (state.status !== "signed-in") return false;
        state.bearer.current = credential.token;
        storage.save(credential);
        setState({ ...state, credential });
        return true;
      },
      updateViewer: (next) => setState((now) => (now.status === "signed-in" ? { ...now, viewer: next } : now)),
    };
  }, [state, verify, signOut, storage]);

  const content =
    state.status === "signed-in" ? <UrqlProvider value={state.client}>{children}</UrqlProvider> : children;
  return <SessionContext.Provider value={session}>{content}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}
