// The frame of every page: skip link, header with what the signed-in person may use, main.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useSession, type Permission } from "../auth/session";
import { useFocusOnNewPage } from "./focus";

type NavItem = { href: string; label: string; needs: Permission[] };

const NAV: NavItem[] = [
  { href: "/", label: "Discover", needs: ["travel:read"] },
  { href: "/wishlist", label: "Wishlist", needs: ["travel:favorite"] },
  { href: "/itinerary", label: "Itinerary", needs: ["travel:book", "travel:favorite"] },
  { href: "/trips", label: "Trips", needs: ["travel:book"] },
  { href: "/host", label: "Host", needs: ["travel:host"] },
  { href: "/admin", label: "Admin", needs: ["travel:analytics", "travel:admin"] },
];

export function Layout({ children }: { children: ReactNode }) {
  const { state, viewer, can, signOut } = useSession();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const main = useRef<HTMLElement>(null);

  // A new page: the menu closes, focus goes to the content (skip link first on a full load).
  useLayoutEffect(() => setOpen(false), [location]);
  useFocusOnNewPage(main, location);

  // Signed in with the form on this page: the form is gone, so focus goes to the page that
  // replaced it. (A session kept from earlier in this tab is a full page load: focus stays put.)
  const member = viewer?.memberId;
  const entered = state.status === "signed-in" && state.entered;
  useLayoutEffect(() => {
    if (member && entered) main.current?.focus({ preventScroll: true });
  }, [member, entered]);

  // Escape closes the open menu (a phone's) and gives focus back to its button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);

  const items = NAV.filter((item) => item.needs.some((p) => can(p)));
  const active = (href: string) => (href === "/" ? location === "/" : location.startsWith(href));
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="top">
        <div className="top-inner">
          <Link href="/" className="brand" aria-label="Travel marketplace, home">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>Travel</span>
          </Link>
          {viewer && (
            <>
              <button
                type="button"
                className="menu-button"
                ref={menuButton}
                aria-expanded={open}
                aria-controls="site-nav"
                onClick={() => setOpen(!open)}
              >
                <span aria-hidden="true">☰</span> Menu
              </button>
              <nav id="site-nav" className={`site-nav ${open ? "open" : ""}`} aria-label="Main">
                <ul>
                  {items.map((item) => (
                    <li key={item.href}>
                      <Link href={item.href} aria-current={active(item.href) ? "page" : undefined}>
                        {item.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link href="/explorer" aria-current={active("/explorer") ? "page" : undefined}>
                      API explorer
                    </Link>
                  </li>
                </ul>
                <div className="who">
                  <Link href="/account" className="who-profile" aria-current={active("/account") ? "page" : undefined}>
                    {viewer.displayName ?? "Set your name"}
                  </Link>
                  <span className="who-name">{viewer.workspace.name}</span>
                  <span className="who-roles">{viewer.roles.map((r) => r.toLowerCase()).join(", ")}</span>
                  <button type="button" className="button secondary small" onClick={() => signOut()}>
                    Sign out
                  </button>
                </div>
              </nav>
            </>
          )}
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <footer className="bottom">
        <p>
          Built on the public GraphQL API · <a href="/explorer">Explore it</a>
        </p>
      </footer>
    </>
  );
}
