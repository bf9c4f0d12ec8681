// The embedded page's line to its host page: it posts only to its parent's origin, and hears
// only its parent window speaking from that origin (docs/embedding.md, "Messages"). Everything
// else is ignored and counted in `window.travelWorkspaceApp.ignored`.
import { message, parse, TO_EMBED, type Message, type ToEmbed, type ToHost } from "./protocol";

declare global {
  interface Window {
    travelWorkspaceApp?: { ignored: number };
  }
}

export type HostLine = {
  post: <T extends keyof ToHost>(type: T, data: ToHost[T]) => void;
  /** Hear the host's messages until the returned function is called. */
  listen: (hear: (message: Message<ToEmbed>) => void) => () => void;
};

const counter = (window.travelWorkspaceApp = { ignored: 0 });

/** The parent page's origin when it is one the workspace allows, else null (not framed, or
 * framed by someone else: the page then posts nothing). Chromium and Safari name it in
 * `location.ancestorOrigins`; elsewhere the referrer's origin stands in (the server's
 * frame-ancestors has already refused every other parent). */
export function parentOrigin(allowed: readonly string[]): string | null {
  if (window.parent === window) return null;
  const named = location.ancestorOrigins?.[0] ?? originOf(document.referrer);
  return named && allowed.includes(named) ? named : null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function hostLine(origin: string): HostLine {
  return {
    post: (type, data) => window.parent.postMessage(message<ToHost, typeof type>(type, data), origin),
    listen: (hear) => {
      const receive = (event: MessageEvent) => {
        const heard = event.source === window.parent && event.origin === origin ? parse<ToEmbed>(TO_EMBED, event.data) : null;
        if (heard) hear(heard);
        else counter.ignored += 1;
      };
      window.addEventListener("message", receive);
      return () => window.removeEventListener("message", receive);
    },
  };
}
