/**
 * What a reader of a new API looks for before its endpoints, as Swagger
 * UI's info block and Redoc's "Authentication" section show it: the
 * description, terms, contact, license, external docs, and each security
 * scheme with where its credentials go (OpenAPI 3.1 §4.8.2-4.8.5, §4.8.27;
 * Swagger 2.0 `securityDefinitions`).
 */
import { clip, truncate } from "../shared/parse_error.ts";
import type { Detected } from "./detect.ts";
import { markdown, type Md } from "./markdown.ts";
import type { AboutInfo, AboutLink, SchemeInfo } from "./types.ts";
import { isObject, type RefResolver } from "./refs.ts";
import { firstKeys } from "./safe.ts";
import { str } from "../shared/value.ts";

/** Longest description kept (the API's, a scheme's). */
const MAX_DESCRIPTION = 20_000;
/** Security schemes listed at most. */
const MAX_SCHEMES = 50;
/** Scopes listed per OAuth 2 flow. */
const MAX_SCOPES = 100;

/** An empty block: a preview's (the outline has no components). */
export const NO_ABOUT: AboutInfo = Object.freeze({
  summary: "",
  description: [],
  links: [],
  schemes: [],
  schemeCount: 0,
  tags: [],
}) as AboutInfo;

/** Described tags listed at most. */
const MAX_TAGS = 200;

/** `v` when it is an http(s) or mailto address, else "". */
function address(v: unknown): string {
  const s = str(v).trim();
  return /^(?:https?:\/\/|mailto:)/i.test(s) && URL.canParse(s) ? s : "";
}

/**
 * An External Documentation Object (OpenAPI 3.1 §4.8.11: the document's,
 * a tag's, an operation's) as a link: its description, else its URL, as
 * the text; the URL a link only when http(s) or mailto. Null when it says
 * nothing.
 */
export function externalDocs(v: unknown): AboutLink | null {
  if (!isObject(v)) return null;
  const href = address(v.url);
  return href || str(v.description)
    ? { text: clip(str(v.description) || str(v.url)), href }
    : null;
}

function text(v: unknown): Md {
  const s = str(v);
  return s ? markdown(truncate(s, MAX_DESCRIPTION)) : [];
}

/** The About block of `doc`. */
export function aboutOf(
  doc: Record<string, unknown>,
  det: Detected,
  r: RefResolver,
): AboutInfo {
  const info = isObject(doc.info) ? doc.info : {};
  const links: AboutInfo["links"] = [];
  const tos = str(info.termsOfService);
  if (tos) {
    links.push({
      label: "Terms of service",
      link: { text: clip(tos), href: address(tos) },
    });
  }
  if (isObject(info.contact)) {
    const c = info.contact;
    const email = str(c.email);
    const url = str(c.url);
    const name = str(c.name);
    if (name || url || email) {
      links.push({
        label: "Contact",
        link: {
          text: clip(name || (address(url) ? url : email) || url),
          href: address(url) || (email ? address(`mailto:${email}`) : ""),
        },
      });
    }
    if (email && (name || address(url))) {
      links.push({
        label: "Email",
        link: { text: clip(email), href: address(`mailto:${email}`) },
      });
    }
  }
  if (isObject(info.license)) {
    const l = info.license;
    const id = str(l.identifier);
    const name = str(l.name) || id;
    if (name) {
      links.push({
        label: "License",
        link: {
          text: clip(name),
          href: address(l.url) ||
            (id ? address(`https://spdx.org/licenses/${id}.html`) : ""),
        },
      });
    }
  }
  const docs = externalDocs(doc.externalDocs);
  if (docs) links.push({ label: "Documentation", link: docs });
  const map = det.family === "swagger"
    ? doc.securityDefinitions
    : isObject(doc.components)
    ? doc.components.securitySchemes
    : undefined;
  const schemes: SchemeInfo[] = [];
  let schemeCount = 0;
  if (isObject(map)) {
    for (const name in map) {
      if (schemeCount++ >= MAX_SCHEMES) continue;
      const s = r.deref(map[name]).value;
      schemes.push(schemeOf(clip(name), isObject(s) ? s : {}));
    }
  }
  return {
    summary: clip(str(info.summary).trim()),
    description: text(info.description),
    links,
    schemes,
    schemeCount,
    tags: tagsOf(doc.tags),
  };
}

/**
 * The declared tags that say something: a description, external docs, or
 * 3.2's `summary`, `parent` or `kind`.
 */
function tagsOf(v: unknown): AboutInfo["tags"] {
  if (!Array.isArray(v)) return [];
  const out: AboutInfo["tags"] = [];
  const seen = new Set<string>();
  for (const t of v) {
    if (out.length >= MAX_TAGS) break;
    if (
      !isObject(t) || typeof t.name !== "string" || !t.name.trim() ||
      seen.has(t.name)
    ) continue;
    seen.add(t.name);
    const docs = externalDocs(t.externalDocs);
    const description = text(t.description);
    const summary = clip(str(t.summary));
    const parent = clip(str(t.parent));
    const kind = clip(str(t.kind));
    if (description.length || docs || summary || parent || kind) {
      out.push({
        name: clip(t.name),
        summary,
        parent,
        kind,
        description,
        docs,
      });
    }
  }
  return out;
}

/** One scheme's summary and flows. */
function schemeOf(name: string, s: Record<string, unknown>): SchemeInfo {
  const type = str(s.type);
  let summary: string;
  if (type === "apiKey") {
    summary = `API key in ${clip(str(s.in) || "?")} ${
      JSON.stringify(clip(str(s.name)))
    }`;
  } else if (type === "http") {
    const scheme = str(s.scheme).toLowerCase();
    summary = `HTTP ${clip(scheme || "?")}${
      scheme === "bearer" && str(s.bearerFormat)
        ? ` (${clip(str(s.bearerFormat))})`
        : ""
    }`;
  } else if (type === "basic") summary = "HTTP basic"; // Swagger 2.0
  else if (type === "oauth2") summary = "OAuth 2";
  else if (type === "openIdConnect") summary = "OpenID Connect";
  else if (type === "mutualTLS") summary = "Mutual TLS (a client certificate)";
  else summary = type ? `Type ${clip(type)}` : "No type";
  return {
    name,
    summary,
    flows: type === "oauth2" ? flowsOf(s) : [],
    openIdConnect: type === "openIdConnect" && str(s.openIdConnectUrl)
      ? {
        text: clip(str(s.openIdConnectUrl)),
        href: address(s.openIdConnectUrl),
      }
      : null,
    metadata: type === "oauth2" && str(s.oauth2MetadataUrl)
      ? {
        text: clip(str(s.oauth2MetadataUrl)),
        href: address(s.oauth2MetadataUrl),
      }
      : null,
    deprecated: s.deprecated === true,
    description: text(s.description),
  };
}

const FLOW_NAMES: Record<string, string> = {
  implicit: "Implicit",
  password: "Password",
  clientCredentials: "Client credentials",
  authorizationCode: "Authorization code",
  deviceAuthorization: "Device authorization",
  // Swagger 2.0's names.
  application: "Client credentials",
  accessCode: "Authorization code",
};

const URL_LABELS: [string, string][] = [
  ["authorizationUrl", "authorize"],
  ["deviceAuthorizationUrl", "device"],
  ["tokenUrl", "token"],
  ["refreshUrl", "refresh"],
];

/** OAuth 2 flows: 3.x `flows`, or Swagger 2.0's one `flow` on the scheme. */
function flowsOf(s: Record<string, unknown>): SchemeInfo["flows"] {
  const one = (flow: string, f: Record<string, unknown>) => ({
    flow: FLOW_NAMES[flow] ?? clip(flow),
    urls: URL_LABELS.filter(([k]) => str(f[k])).map(([k, label]) => ({
      text: `${label}: ${clip(str(f[k]))}`,
      href: address(f[k]),
    })),
    scopes: isObject(f.scopes)
      ? firstKeys(f.scopes, MAX_SCOPES).map((k) =>
        [clip(k), clip(str((f.scopes as Record<string, unknown>)[k]))] as [
          string,
          string,
        ]
      )
      : [],
  });
  if (isObject(s.flows)) {
    const flows = s.flows;
    return firstKeys(flows, 10).filter((k) => isObject(flows[k])).map((k) =>
      one(k, flows[k] as Record<string, unknown>)
    );
  }
  return typeof s.flow === "string" ? [one(s.flow, s)] : [];
}
