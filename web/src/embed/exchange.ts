// The host token exchanged for the embedded page's own access credential, at POST /embed/token
// (docs/embedding.md, "Sign-in: the token exchange").
export type Exchanged = {
  accessToken: string;
  expiresAt: string;
  member: { id: string; roles: string[] };
  permissions: string[];
};

export type Refusal = { code: string; message: string };

export async function exchange(url: string, workspace: string, token: string): Promise<Exchanged | Refusal> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace, token }),
      credentials: "omit", // no cookie, ever
      cache: "no-store",
    });
    const body = (await response.json()) as Partial<Exchanged> & { errors?: { message?: string; extensions?: { code?: string } }[] };
    if (response.ok && typeof body.accessToken === "string" && typeof body.expiresAt === "string" && body.member) {
      return body as Exchanged;
    }
    const [first] = body.errors ?? [];
    return { code: first?.extensions?.code ?? "INTERNAL_SERVER_ERROR", message: first?.message ?? `The sign-in was refused (${response.status}).` };
  } catch {
    return { code: "NETWORK_ERROR", message: "The travel service could not be reached." };
  }
}
