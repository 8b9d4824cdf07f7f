/**
 * Runs a "Copy as fetch" snippet (lib/shared/fetch_code.ts) with a
 * stand-in `fetch` that builds the real `Request` (which throws where
 * fetch would: a bad header, a GET body, credentials in the URL, a
 * forbidden method) and records what it was asked.
 */
import assert from "node:assert/strict";

/** What a snippet asked `fetch` for. */
export interface Asked {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** `manual` where the call follows no redirect, as curl without `-L`. */
  redirect?: string;
}

/** Runs `code` with a `fetch` that records its arguments. */
export async function runFetchCode(code: string): Promise<Asked> {
  assert.ok(code, "a call was written");
  let asked: Asked | null = null;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const stub = (url: string, init: Omit<Asked, "url">) => {
    new Request(url, init as RequestInit);
    asked = { url, ...init };
    return Promise.resolve(new Response(""));
  };
  await new AsyncFunction("fetch", code)(stub);
  assert.ok(asked, "fetch was called");
  return asked;
}
