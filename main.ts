/**
 * The deployable entry: `deno serve --parallel main.ts` (one isolate per
 * core, see `deno task start`) or Deno Deploy import its default export.
 */
import { createApp } from "./lib/server/app.ts";

const app = createApp();

export default {
  fetch: (req: Request) => app.fetch(req),
} satisfies Deno.ServeDefaultExport;
