// Signing in: paste an API key; single sign-on when an OIDC issuer and client are configured;
// one click per role in the local demo (`travel serve --demo` only).
import { useRef, useState, type FormEvent } from "react";
import { config } from "../config";
import { Field } from "../components/Field";
import { Notice } from "../components/states";
import { usePageTitle } from "../lib/title";
import { startSignIn } from "./oidc";
import { useSession } from "./session";

const DEMO_ROLES = [
  { role: "traveler", label: "Traveler", what: "search, book, wishlist, trips" },
  { role: "host", label: "Host", what: "providers, listings, their bookings" },
  { role: "admin", label: "Admin", what: "analytics and every booking" },
];

export function SignInPage() {
  usePageTitle("Sign in");
  const { state, signIn } = useSession();
  const [key, setKey] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);
  const notice = state.status === "signed-out" ? state.notice : null;
  const checking = state.status === "checking" || busy;

  // A key that can't be used is said under its field, and focus goes back there (selected: the
  // next paste replaces it), so a keyboard or screen-reader user hears why and can try again.
  const refuseKey = (why: string) => {
    setKeyProblem(why);
    keyInput.current?.focus();
    keyInput.current?.select();
  };

  const withKey = async (e: FormEvent) => {
    e.preventDefault();
    if (!key.trim()) return refuseKey("Paste an API key first.");
    setProblem(null);
    setKeyProblem(null);
    setBusy(true);
    const failed = await signIn({ token: key.trim(), source: "key" });
    setBusy(false);
    if (failed) refuseKey(failed);
  };

  const asDemo = async (role: string) => {
    setProblem(null);
    setKeyProblem(null);
    setBusy(true);
    try {
      const response = await fetch("/demo/sign-in", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ role }),
      });
      const body = (await response.json()) as { key?: string; error?: string };
      if (!response.ok || !body.key) throw new Error(body.error ?? "The demo sign-in failed.");
      const failed = await signIn({ token: body.key, source: "demo" });
      if (failed) setProblem(failed);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The demo sign-in failed.");
    } finally {
      setBusy(false);
    }
  };

  const withOidc = async () => {
    if (!config.oidc) return;
    setBusy(true);
    try {
      await startSignIn(config.oidc, window.location.pathname + window.location.search);
    } catch (error) {
      setBusy(false);
      setProblem(`Single sign-on is not available right now (${error instanceof Error ? error.message : "unknown error"}).`);
    }
  };

  return (
    <section className="page sign-in" aria-labelledby="sign-in-title">
      <div className="sign-in-card">
        <h1 id="sign-in-title">Sign in</h1>
        <p className="muted">Stays, tours, activities, events and transport — in your workspace.</p>
        {notice && <Notice tone="warning">{notice}</Notice>}
        {problem && (
          <div className="state state-error" role="alert">
            <p>{problem}</p>
          </div>
        )}
        {config.demo && (
          <section aria-labelledby="demo-title" className="sign-in-section">
            <h2 id="demo-title">Try the demo</h2>
            <div className="demo-roles">
              {DEMO_ROLES.map((d) => (
                <button key={d.role} type="button" className="button secondary demo-role" disabled={checking} onClick={() => void asDemo(d.role)}>
                  <strong>Demo {d.label}</strong>
                  <span>{d.what}</span>
                </button>
              ))}
            </div>
          </section>
        )}
        {config.oidc && (
          <section aria-labelledby="sso-title" className="sign-in-section">
            <h2 id="sso-title">Single sign-on</h2>
            <button type="button" className="button primary wide" disabled={checking} onClick={() => void withOidc()}>
              Sign in with your organisation
            </button>
          </section>
        )}
        <section aria-labelledby="key-title" className="sign-in-section">
          <h2 id="key-title">With an API key</h2>
          <form onSubmit={withKey}>
            <Field label="API key" hint="Kept only in this browser tab until you sign out or close it." error={keyProblem ?? undefined}>
              <input
                id="api-key"
                ref={keyInput}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                onChange={(e) => setKey(e.target.value)}
                placeholder="trv_…"
              />
            </Field>
            <button type="submit" className="button primary wide" disabled={checking}>
              {checking ? "Checking…" : "Sign in"}
            </button>
          </form>
        </section>
      </div>
    </section>
  );
}
