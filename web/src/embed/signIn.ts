// Signed in by the host page (docs/embedding.md, "Sign-in"): ask it for a host token, exchange
// that for an access credential held in memory only, ask again a minute before it expires. A
// refused exchange asks once more; a second refusal, or no token within 30 s, ends the session:
// the page says so and the host hears `error`.
import type { Viewer } from "../auth/session";
import type { Credential } from "../auth/storage";
import { exchange, type Exchanged } from "./exchange";
import type { HostLine } from "./host";
import type { TokenReason } from "./protocol";

export const TOKEN_WAIT_MS = 30_000;
export const RENEW_BEFORE_MS = 60_000;

export type SignInStatus = { kind: "waiting" } | { kind: "signed-in" } | { kind: "ended"; message: string };

/** What the handshake needs of the session (auth/session.tsx): the page binds it (`bind`) each
 * time it renders, the handshake reads it when a token comes. */
export type SessionHooks = {
  viewer: () => Viewer | null;
  signIn: (credential: Credential) => Promise<string | null>;
  renew: (credential: Credential) => boolean;
  signOut: () => void;
};

export class HostSignIn {
  private refusals = 0;
  private waiting = 0; // the timer for a token asked for
  private renewing = 0; // the timer for asking before expiry
  private ended = false;
  private session: SessionHooks | null = null;
  private status: SignInStatus = { kind: "waiting" };
  private readonly watchers = new Set<() => void>();

  constructor(
    private readonly host: HostLine,
    private readonly where: { tokenUrl: string; workspace: string },
  ) {}

  bind(session: SessionHooks): void {
    this.session = session;
  }

  /** The status as React reads an outside store (useSyncExternalStore). */
  readonly current = (): SignInStatus => this.status;
  readonly watch = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  private show(status: SignInStatus): void {
    this.status = status;
    this.watchers.forEach((watcher) => watcher());
  }

  /** Ask the host for a token, and wait for it (at most TOKEN_WAIT_MS). */
  ask(reason: TokenReason): void {
    if (reason === "sign-in") {
      this.refusals = 0;
      this.ended = false;
      this.show({ kind: "waiting" });
    }
    this.host.post("token.request", { reason });
    clearTimeout(this.waiting);
    this.waiting = window.setTimeout(() => this.end("UNAUTHENTICATED", "The workspace did not sign you in."), TOKEN_WAIT_MS);
  }

  /** A token from the host: exchanged, then the session signed in (or renewed). */
  async receive(token: string): Promise<void> {
    clearTimeout(this.waiting);
    const answer = await exchange(this.where.tokenUrl, this.where.workspace, token);
    if (!("accessToken" in answer)) {
      this.refusals += 1;
      if (this.refusals === 1) this.ask("refused");
      else this.end(answer.code, answer.message);
      return;
    }
    this.refusals = 0;
    const problem = await this.enter(answer);
    if (problem) return this.end("UNAUTHENTICATED", problem);
    this.ended = false;
    this.show({ kind: "signed-in" });
    this.host.post("signed-in", { memberId: answer.member.id, roles: answer.member.roles, expiresAt: answer.expiresAt });
    clearTimeout(this.renewing);
    const left = Date.parse(answer.expiresAt) - Date.now();
    this.renewing = window.setTimeout(() => this.ask("expiring"), Math.max(0, left - RENEW_BEFORE_MS));
  }

  /** The same member's fresh credential replaces the old in place (the pages stay); a first
   * one, or another member's, signs in afresh. Null, or what went wrong. */
  private async enter(answer: Exchanged): Promise<string | null> {
    const credential: Credential = { token: answer.accessToken, source: "host", expiresAt: Date.parse(answer.expiresAt) };
    const session = this.session;
    if (!session) return "The page is not ready to sign in."; // a token before the page first rendered
    if (session.viewer()?.memberId === answer.member.id && session.renew(credential)) return null;
    return session.signIn(credential);
  }

  /** The session is over: the page says so, the host hears why. Once. */
  end(code: string, message: string): void {
    clearTimeout(this.waiting);
    clearTimeout(this.renewing);
    if (this.ended) return;
    this.ended = true;
    this.session?.signOut();
    this.show({ kind: "ended", message });
    this.host.post("error", { code, message });
  }
}
