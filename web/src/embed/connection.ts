// The embedded page's connection to its host, made once when the page starts and kept as long
// as it lives (the React tree below it is remounted when the session changes; the handshake
// must not start again then): ready, then listening, then asking for a sign-in, and the content's
// height told as it changes.
import { navigate } from "wouter/use-browser-location";
import { embedConfig } from "./config";
import { hostLine, type HostLine } from "./host";
import { watchHeight } from "./resize";
import { HostSignIn } from "./signIn";
import { applyTheme } from "./theme";
import { pathOf, placeOf } from "./views";

export type Connection = {
  host: HostLine;
  signIn: HostSignIn;
  /** Tell the host where the app is now, when that is somewhere else than last told. */
  tellPlace: (path: string) => void;
};

export function connect(origin: string): Connection {
  const host = hostLine(origin);
  const signIn = new HostSignIn(host, embedConfig);
  let told = here();
  host.post("ready", { view: placeOf(pathname(told)).view, path: told });
  host.listen((heard) => {
    if (heard.type === "token") void signIn.receive(heard.data.token);
    else if (heard.type === "navigate") navigate(embedConfig.base + pathOf(heard.data));
    else applyTheme(heard.data);
  });
  signIn.ask("sign-in");
  watchHeight((height) => host.post("resize", { height }));
  const tellPlace = (path: string) => {
    if (path === told) return;
    told = path;
    host.post("navigate", { ...placeOf(pathname(path)), path });
  };
  return { host, signIn, tellPlace };
}

/** The page's path below the app's base, with its query. */
function here(): string {
  const path = location.pathname.slice(embedConfig.base.length) || "/";
  return path + location.search.replace(/^\?$/, "");
}

function pathname(path: string): string {
  return path.split("?")[0] ?? "/";
}
