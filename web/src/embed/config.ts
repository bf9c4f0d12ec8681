// What the server tells the embedded page (inlined into embed.html at /embed/<workspace>/…):
// its workspace, the host origins it may talk to, where to exchange a host token, its base path.
import { readConfig } from "../config";

export type EmbedConfig = {
  apiUrl: string;
  workspace: string;
  allowedOrigins: string[];
  tokenUrl: string;
  base: string;
};

export const embedConfig = readConfig<EmbedConfig>({
  apiUrl: "/workspaces/graphql",
  workspace: "",
  allowedOrigins: [], // none: the page shows that it is not allowed here
  tokenUrl: "/embed/token",
  base: "",
});
