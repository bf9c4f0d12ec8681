// The workspace app's entry (embed.html): the credential lives in memory only; the connection to
// the host page is made once, before React renders (docs/embedding.md).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SessionProvider } from "../auth/session";
import { NO_STORAGE } from "../auth/storage";
import { embedConfig } from "./config";
import { connect } from "./connection";
import { EmbedApp } from "./EmbedApp";
import { parentOrigin } from "./host";
import { takeThemeFromAddress } from "./theme";
import "../styles/app.css";
import "./embed.css";

takeThemeFromAddress();
const origin = parentOrigin(embedConfig.allowedOrigins);
const connection = origin ? connect(origin) : null; // none: it posts nothing at all

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SessionProvider storage={NO_STORAGE}>
      <EmbedApp connection={connection} />
    </SessionProvider>
  </StrictMode>,
);
