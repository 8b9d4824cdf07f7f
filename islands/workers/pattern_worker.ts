/**
 * Pattern worker: tests a `/pattern/` search term against the URLs of the
 * file the HAR viewer shows. One `RegExp.test` cannot be interrupted, and a
 * backtracking pattern can take minutes on one long URL; here, the page
 * stops the worker when a test outlasts its budget and the page never
 * waits (see `islands/har/pattern_tester.ts`).
 */
import { patternMask, urlPattern } from "../../lib/har/url_pattern.ts";
import type {
  FromPatternWorker,
  ToPatternWorker,
} from "../har/pattern_protocol.ts";

/** The part of DedicatedWorkerGlobalScope used here (the config's lib is DOM). */
interface WorkerScope {
  postMessage(msg: FromPatternWorker, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent<ToPatternWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;
let urls = "";
let off: Uint32Array = new Uint32Array(1);

scope.onmessage = (ev) => {
  const m = ev.data;
  if (m.type === "urls") {
    urls = m.urls;
    off = m.off;
    return;
  }
  scope.postMessage({ type: "testing", id: m.id });
  const re = urlPattern(m.term);
  const mask = re ? patternMask(urls, off, re) : new Uint8Array(off.length - 1);
  scope.postMessage({ type: "mask", id: m.id, mask }, [mask.buffer]);
};
