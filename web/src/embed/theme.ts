// The host's theme as the embedded page's CSS variables (--travel-accent, --travel-font,
// --travel-radius, read by src/styles/app.css) and colour scheme. A value CSS would not take is
// skipped: the product's own stays.
import type { Theme } from "./protocol";

const VARIABLES = [
  ["accent", "--travel-accent", "color"],
  ["font", "--travel-font", "font-family"],
  ["radius", "--travel-radius", "border-top-left-radius"],
] as const;

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  for (const [name, variable, property] of VARIABLES) {
    const value = theme[name];
    if (value && CSS.supports(property, value)) root.style.setProperty(variable, value);
  }
  if (theme.scheme) {
    root.dataset.scheme = theme.scheme;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", theme.scheme);
  }
}

/** The theme the loader put in the frame's address (?accent=…&font=…&radius=…&scheme=…),
 * applied, then taken out of the address: it is not a place in the app. */
export function takeThemeFromAddress(): void {
  const query = new URLSearchParams(location.search);
  const theme: Theme = {};
  for (const [name] of VARIABLES) {
    const value = query.get(name);
    if (value) theme[name] = value;
  }
  const scheme = query.get("scheme");
  if (scheme === "light" || scheme === "dark") theme.scheme = scheme;
  applyTheme(theme);
  for (const name of [...VARIABLES.map(([n]) => n), "scheme"]) query.delete(name);
  history.replaceState(history.state, "", location.pathname + (query.size ? `?${query}` : ""));
}
