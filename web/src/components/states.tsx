// Loading, empty and error states, the same on every page.
import type { CombinedError } from "@urql/core";
import type { ReactNode } from "react";
import { sentence } from "../api/errors";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorBox({ error, retry, labels }: { error: CombinedError | undefined; retry?: () => void; labels?: Record<string, string> }) {
  const text = sentence(error, labels);
  if (!text) return null;
  return (
    <div className="state state-error" role="alert">
      <p>{text}</p>
      {retry && (
        <button type="button" className="button secondary" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Notice({ tone = "info", children }: { tone?: "info" | "success" | "warning"; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === "success" ? "status" : undefined}>
      {children}
    </div>
  );
}
