/**
 * Hands one version's document from the compare page to a spec viewer it
 * opens in a new tab, inside the browser: the new tab names a one-time key
 * in its address (the fragment, never sent, RFC 3986 §3.5), says it is
 * ready to its opener with `postMessage`, and the compare tab answers
 * that tab alone with the text or file it holds. Each side checks the
 * other's origin and window, nothing is stored on the way (a 3 MB spec is
 * one structured clone, where storage would leave a copy behind), and a
 * key is answered once.
 */
import type { Side } from "../../lib/openapi/compare/types.ts";
import { formatFragment, fragmentParams } from "./fragment.ts";

/** The fragment parameter holding the one-time key. */
export const HANDOFF_PARAM = "handoff";
/** How long the spec tab waits for the document once it said it is ready. */
export const HANDOFF_WAIT_MS = 10_000;
/**
 * How long the compare tab keeps an offer for a tab that has not said it
 * is ready (it may load slowly): past it the tab is told the offer is gone.
 */
export const OFFER_KEEP_MS = 120_000;

const READY = "wirebench:handoff-ready";
const DOCUMENT = "wirebench:handoff-document";
const GONE = "wirebench:handoff-gone";

/** What the compare tab hands over. */
export interface HandoffPayload {
  /** The text as pasted, or the file as picked (read by the viewer as a picked one). */
  doc: string | Blob;
  /** The file's name, or how the text came (`pasted text`). */
  name: string;
  side: Side;
  /** The version in words (`Pet Store 2.0`), for the note that says what came. */
  label: string;
}

/** Why no document came. */
export type HandoffFailure = "no-opener" | "gone" | "timeout" | "closed";

/** The end of a wait for a document. */
export type HandoffResult =
  | { ok: true; payload: HandoffPayload }
  | { ok: false; reason: HandoffFailure };

/** A key as {@link newKey} writes it; anything else is no key. */
const KEY = /^[A-Za-z0-9-]{16,64}$/;

/** A fresh one-time key. */
export function newKey(): string {
  return crypto.randomUUID();
}

/** The one-time key the fragment holds, or null. */
export function handoffKey(hash: string): string | null {
  const k = fragmentParams(hash).get(HANDOFF_PARAM);
  return k !== null && KEY.test(k) ? k : null;
}

/** `fragment` (`#op=…`, or "") with the one-time `key` added. */
export function withKey(fragment: string, key: string): string {
  const p = fragmentParams(fragment);
  p.set(HANDOFF_PARAM, key);
  return formatFragment(p);
}

/** `hash` without its one-time key (a reload asks nothing again). */
export function withoutKey(hash: string): string {
  const p = fragmentParams(hash);
  p.delete(HANDOFF_PARAM);
  return formatFragment(p);
}

/** The key a "ready" message names, or null for any other message. */
export function readyKey(data: unknown): string | null {
  if (!isRecord(data) || data.type !== READY) return null;
  return typeof data.key === "string" && KEY.test(data.key) ? data.key : null;
}

/**
 * The compare tab's answer about `key` in `data`: its payload, "gone", or
 * null when `data` is not such an answer (another message, another key, a
 * document of the wrong shape).
 */
export function answerOf(
  data: unknown,
  key: string,
): { payload: HandoffPayload } | "gone" | null {
  if (!isRecord(data) || data.key !== key) return null;
  if (data.type === GONE) return "gone";
  if (data.type !== DOCUMENT) return null;
  const { doc, name, side, label } = data;
  if (typeof doc !== "string" && !(doc instanceof Blob)) return null;
  if (side !== "base" && side !== "revision") return null;
  return {
    payload: {
      doc,
      side,
      name: typeof name === "string" ? name.slice(0, 200) : "",
      label: typeof label === "string" ? label.slice(0, 200) : "",
    },
  };
}

/** Why no document came, in words, with what to do instead. */
export function failureText(reason: HandoffFailure): string {
  const then =
    " Open the document here (paste, pick or drop it) to see the operation.";
  switch (reason) {
    case "no-opener":
      return "No document came: the compare tab that opened this one is closed, or this tab was not opened by one (an address typed or copied)." +
        then;
    case "closed":
      return "No document came: the compare tab that opened this one was closed." +
        then;
    case "gone":
      return "No document came: the compare tab no longer holds it (it was reloaded, or this link was used already)." +
        then;
    case "timeout":
      return `No document came: the compare tab did not answer within ${
        HANDOFF_WAIT_MS / 1000
      } s (it may have moved to another page).` + then;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** The compare tab's offers not yet taken, by key. */
const offers = new Map<
  string,
  { win: Window; payload: HandoffPayload; timer: ReturnType<typeof setTimeout> }
>();

/**
 * Opens `url` (a spec viewer address, its fragment naming the operation)
 * in a new tab and offers it `payload`; false when the browser opened no
 * tab (a pop-up blocker). {@link answerHandoffs} must be listening.
 */
export function offerDocument(url: string, payload: HandoffPayload): boolean {
  const key = newKey();
  const [path, fragment = ""] = splitHash(url);
  const win = open(path + withKey(fragment, key), "_blank");
  if (!win) return false;
  const timer = setTimeout(() => offers.delete(key), OFFER_KEEP_MS);
  offers.set(key, { win, payload, timer });
  return true;
}

function splitHash(url: string): [string, string?] {
  const i = url.indexOf("#");
  return i < 0 ? [url] : [url.slice(0, i), url.slice(i)];
}

/**
 * Answers the tabs {@link offerDocument} opened, each once: the document
 * to the window it was offered to, "gone" to a same-origin tab asking for
 * a key this page does not hold (it was reloaded since). Returns the
 * function that stops listening.
 */
export function answerHandoffs(): () => void {
  const on = (ev: MessageEvent) => {
    if (ev.origin !== location.origin) return;
    const key = readyKey(ev.data);
    const src = ev.source as Window | null;
    if (key === null || !src || typeof src.postMessage !== "function") return;
    const o = offers.get(key);
    if (!o) {
      src.postMessage({ type: GONE, key }, location.origin);
      return;
    }
    if (o.win !== src) return; // only the tab it was offered to
    offers.delete(key);
    clearTimeout(o.timer);
    src.postMessage({ type: DOCUMENT, key, ...o.payload }, location.origin);
  };
  addEventListener("message", on);
  return () => removeEventListener("message", on);
}

/**
 * The spec tab's side: tells its opener it is ready for `key` and waits
 * for the document, at most `waitMs`; only a message of this origin from
 * the opener counts.
 */
export function receiveDocument(
  key: string,
  waitMs = HANDOFF_WAIT_MS,
): Promise<HandoffResult> {
  const opener = globalThis.opener as Window | null;
  if (!opener) return Promise.resolve({ ok: false, reason: "no-opener" });
  if (opener.closed) return Promise.resolve({ ok: false, reason: "closed" });
  return new Promise((resolve) => {
    const done = (r: HandoffResult) => {
      removeEventListener("message", on);
      clearTimeout(timer);
      resolve(r);
    };
    const on = (ev: MessageEvent) => {
      if (ev.origin !== location.origin || ev.source !== opener) return;
      const a = answerOf(ev.data, key);
      if (a === null) return;
      done(a === "gone" ? { ok: false, reason: "gone" } : { ok: true, ...a });
    };
    addEventListener("message", on);
    const timer = setTimeout(
      () => done({ ok: false, reason: opener.closed ? "closed" : "timeout" }),
      waitMs,
    );
    opener.postMessage({ type: READY, key }, location.origin);
  });
}
