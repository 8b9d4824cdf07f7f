/**
 * What a page module is and what it gets: the shape every module of the
 * route table has, which the server renders (server/render.tsx).
 */
import type { VNode } from "preact";
import type { DebugLimits, EndpointSpec } from "../lib/debug/mod.ts";
import type { Samples } from "../components/debug/samples.ts";

/** What the app gives pages besides the URL. */
export interface PageContext {
  /** URL of a built bundle (`spec_worker.js`), null when not built. */
  buildUrl(entry: string): string | null;
  /** The debug API the app mounts, for its reference page. */
  debug: {
    /** Its base path, e.g. `/api/debug`. */
    base: string;
    catalog: readonly EndpointSpec[];
    limits: DebugLimits;
    /** Example exchanges recorded from the real handlers. */
    samples: Samples;
  };
}

/** What a page needs to render. */
export interface PageProps {
  url: URL;
  /**
   * The reference from this page to the app's root (`./`, `../`): every
   * link, file and API URL the page writes goes through it
   * (components/app_path.ts), so a proxy may mount the app under a path.
   */
  root: string;
  /**
   * The app's root as an absolute URL without its final `/`, as far as
   * the server can tell before the browser says (the request's origin, or
   * what trusted proxies say: the debug API's `trustedProxies`); only for
   * text shown until the page's script reads its own URL.
   */
  mount: string;
  app: PageContext;
}

/** A module under `routes/` that renders a page. */
export interface PageModule {
  meta: {
    title: string;
    description: string;
    /** Extra stylesheets of this page (e.g. `/spec.css`). */
    styles?: string[];
  };
  default: (props: PageProps) => VNode;
}
