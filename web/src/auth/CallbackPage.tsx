// Where the OIDC issuer sends the browser back: finish the flow, then leave this URL (its code
// and state are single-use) for the page the person started from.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { config } from "../config";
import { Loading } from "../components/states";
import { finishSignIn } from "./oidc";
import { useSession } from "./session";

export function CallbackPage() {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !config.oidc) return;
    started.current = true;
    const url = new URL(window.location.href);
    window.history.replaceState(null, "", "/auth/callback"); // drop code and state from the URL
    finishSignIn(config.oidc, url)
      .then(async ({ credential, next }) => {
        const failed = await signIn(credential);
        if (failed) setProblem(failed);
        else navigate(next.startsWith("/") && !next.startsWith("//") ? next : "/", { replace: true });
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : "Single sign-on failed."));
  }, [navigate, signIn]);
  if (!config.oidc) return <p>Single sign-on is not configured.</p>;
  if (problem)
    return (
      <div className="state state-error" role="alert">
        <p>Single sign-on failed: {problem}</p>
        <a href="/">Back to sign in</a>
      </div>
    );
  return <Loading label="Signing you in…" />;
}
