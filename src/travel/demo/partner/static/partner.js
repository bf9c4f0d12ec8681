// The demo partner's page: its own navigation and notifications around the travel service's
// <travel-workspace-app> (docs/embedding.md). A partner copies this: the settings and the host
// tokens come from its own backend (here /api/config and /api/travel-token).

const travelSection = document.querySelector(".travel");
const homeSection = document.querySelector(".home");
const notifications = document.querySelector(".notifications");
const schemeButton = document.querySelector(".scheme");

// The page's views, by the address's hash: the travel app's view for each of them.
const VIEWS = { travel: "discover", trips: "trips" };

function notify(text) {
  const line = document.createElement("p");
  line.textContent = text;
  notifications.prepend(line);
  while (notifications.children.length > 3) notifications.lastElementChild.remove();
}

function currentHash() {
  const hash = location.hash.slice(1);
  return hash === "home" || hash in VIEWS ? hash : "travel";
}

function markCurrent(hash) {
  for (const link of document.querySelectorAll("nav a")) {
    if (link.hash === `#${hash}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

async function hostToken() {
  const response = await fetch("/api/travel-token", { method: "POST" });
  if (!response.ok) throw new Error(`no travel token (${response.status})`);
  return (await response.json()).token;
}

async function start() {
  const settings = await fetch("/api/config");
  if (!settings.ok) {
    travelSection.textContent = "Travel is not available right now.";
    return;
  }
  const { service, workspace } = await settings.json();
  await import(`${service}/embed/loader.js`);

  const app = document.createElement("travel-workspace-app");
  app.setAttribute("workspace", workspace);
  app.setAttribute("view", VIEWS[currentHash()] ?? "discover");
  app.setAttribute("accent", "#2f4ea8");
  app.setAttribute("radius", "6px");
  app.setAttribute("label", "Travel");
  app.tokenProvider = hostToken;

  app.addEventListener("travel:booking.created", (event) => notify(`Booked ${event.detail.referenceCode}`));
  app.addEventListener("travel:booking.cancelled", (event) => notify(`Cancelled ${event.detail.referenceCode}`));
  app.addEventListener("travel:error", (event) => notify(`Travel: ${event.detail.message}`));
  // Where the app went on its own (a link inside it): the page's navigation and address follow.
  app.addEventListener("travel:navigate", (event) => {
    const hash = event.detail.view === "trips" ? "trips" : "travel";
    history.replaceState(null, "", `#${hash}`);
    markCurrent(hash);
  });

  travelSection.replaceChildren(app);
  show(currentHash(), app, { first: true });
  addEventListener("hashchange", () => show(currentHash(), app, {}));
  schemeButton.addEventListener("click", () => {
    const dark = schemeButton.getAttribute("aria-pressed") !== "true";
    schemeButton.setAttribute("aria-pressed", String(dark));
    document.documentElement.classList.toggle("dark", dark);
    app.setTheme({ scheme: dark ? "dark" : "light" });
  });
}

function show(hash, app, { first }) {
  homeSection.hidden = hash !== "home";
  travelSection.hidden = hash === "home";
  markCurrent(hash);
  if (hash !== "home" && !first) app.navigate({ view: VIEWS[hash] });
}

start().catch((error) => {
  travelSection.textContent = "Travel is not available right now.";
  console.error(error);
});
