// The workspace app's entry (embed.html): the credential lives in memory only, the theme is the
// one the loader put in the frame's address until the host sends another.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SessionProvider } from "../auth/session";
import { NO_STORAGE } from "../auth/storage";
import { EmbedApp } from "./EmbedApp";
import { applyTheme, themeOf } from "./theme";
import "../styles/app.css";
import "./embed.css";

applyTheme(themeOf(new URLSearchParams(location.search)));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SessionProvider storage={NO_STORAGE}>
      <EmbedApp />
    </SessionProvider>
  </StrictMode>,
);
