// The workspace app's loader, served at /embed/loader.js: the <travel-workspace-app> element a
// partner puts in its page (docs/embedding.md). It frames the workspace app, answers its
// requests for host tokens from `tokenProvider`, sizes the frame to the content, and raises
// every message from the frame as a DOM event `travel:<type>` (the message's data as `detail`).
// It hears only its own frame speaking from the service's origin, and posts only to that origin.
import { message, parse, TO_HOST, type Message, type Theme, type ToEmbed, type ToHost } from "../src/embed/protocol";
import { pathOf, type Place, type View } from "../src/embed/views";

type TokenProvider = () => string | Promise<string>;

/** Where this script came from is where the workspace app is served (an `origin` attribute
 * says otherwise). */
const SERVICE = new URL(import.meta.url).origin;
const THEME = ["accent", "font", "radius", "scheme"] as const;
const PLACE = ["view", "listing-kind", "listing-id"];

export class TravelWorkspaceApp extends HTMLElement {
  static observedAttributes = [...THEME, ...PLACE];

  /** Messages from the frame that were not the protocol's, or not from the service's origin. */
  ignored = 0;
  private provider: TokenProvider | undefined;
  private asked = false; // a token was asked for before there was a provider
  private frame: HTMLIFrameElement | undefined;
  private origin = SERVICE;
  private ready = false;
  private queue: Message<ToEmbed>[] = [];

  /** The host's way to get a host token for its signed-in user (its backend mints it). */
  get tokenProvider(): TokenProvider | undefined {
    return this.provider;
  }
  set tokenProvider(provider: TokenProvider | undefined) {
    this.provider = provider;
    if (this.asked) void this.provide();
  }

  connectedCallback(): void {
    // Set on the element before this script defined it: an own property hides the accessor.
    if (Object.hasOwn(this, "tokenProvider")) {
      const early = (this as { tokenProvider?: TokenProvider }).tokenProvider;
      delete (this as { tokenProvider?: TokenProvider }).tokenProvider;
      this.tokenProvider = early;
    }
    if (this.frame) return;
    this.origin = new URL(this.getAttribute("origin") ?? SERVICE).origin;
    const theme = new URLSearchParams();
    for (const name of THEME) {
      const value = this.getAttribute(name);
      if (value) theme.set(name, value);
    }
    const workspace = encodeURIComponent(this.getAttribute("workspace") ?? "");
    const frame = (this.frame = document.createElement("iframe"));
    frame.title = this.getAttribute("label") ?? "Travel";
    frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms allow-popups");
    frame.style.cssText = "display:block;width:100%;border:0";
    frame.src = `${this.origin}/embed/${workspace}${pathOf(this.place())}${theme.size ? `?${theme}` : ""}`;
    if (getComputedStyle(this).display === "inline") this.style.display = "block";
    window.addEventListener("message", this.receive);
    this.append(frame);
  }

  disconnectedCallback(): void {
    window.removeEventListener("message", this.receive);
    this.frame?.remove();
    this.frame = undefined;
    this.ready = false;
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (!this.frame) return; // the first address carries them
    if (PLACE.includes(name)) this.navigate(this.place());
    else if (value) this.setTheme({ [name]: value });
  }

  /** Open a view (`discover`, `trips`, `wishlist`) or a listing (`{view: "listing", kind, id}`). */
  navigate(target: Place): void {
    this.send(message<ToEmbed, "navigate">("navigate", target));
  }

  setTheme(theme: Theme): void {
    this.send(message<ToEmbed, "theme">("theme", theme));
  }

  private place(): Place {
    const kind = this.getAttribute("listing-kind");
    const id = this.getAttribute("listing-id");
    const view = (this.getAttribute("view") ?? "discover") as View;
    return view === "listing" && kind && id ? { view, kind: kind as Place["kind"], id } : { view };
  }

  private receive = (event: MessageEvent): void => {
    if (!this.frame || event.source !== this.frame.contentWindow) return; // another window's
    const heard = event.origin === this.origin ? parse<ToHost>(TO_HOST, event.data) : null;
    if (!heard) {
      this.ignored += 1;
      return;
    }
    if (heard.type === "ready") {
      this.ready = true;
      this.queue.splice(0).forEach((queued) => this.send(queued));
    } else if (heard.type === "resize") {
      this.frame.style.height = `${heard.data.height}px`;
    } else if (heard.type === "token.request") {
      void this.provide();
    } else if (heard.type === "navigate" && this.getBoundingClientRect().top < 0) {
      // The frame is as tall as its content: a new page would open out of sight, above.
      this.scrollIntoView();
    }
    this.dispatchEvent(new CustomEvent(`travel:${heard.type}`, { detail: heard.data, bubbles: true, composed: true }));
  };

  private async provide(): Promise<void> {
    this.asked = !this.provider;
    if (!this.provider) return;
    // A provider that fails sends nothing: the frame says the session ended when none comes.
    const token = await Promise.resolve()
      .then(this.provider)
      .catch(() => null);
    if (typeof token === "string" && token) this.send(message<ToEmbed, "token">("token", { token }));
  }

  /** To the frame, at the service's origin only; held until the frame says it is ready. */
  private send(sent: Message<ToEmbed>): void {
    if (!this.ready || !this.frame?.contentWindow) this.queue.push(sent);
    else this.frame.contentWindow.postMessage(sent, this.origin);
  }
}

if (!customElements.get("travel-workspace-app")) customElements.define("travel-workspace-app", TravelWorkspaceApp);

declare global {
  interface HTMLElementTagNameMap {
    "travel-workspace-app": TravelWorkspaceApp;
  }
}
