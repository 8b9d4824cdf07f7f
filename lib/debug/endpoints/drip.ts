/**
 * `/drip`: a slow body, for progress bars and read timeouts.
 * After `delay` the status and headers go out (Content-Length stated, so a
 * client knows how much is coming), then `numbytes` asterisks spread evenly
 * over `duration`: the first at once, the last when `duration` is up, as
 * go-httpbin writes them (a client that times the body sees `duration`;
 * with Content-Length, a wait after the last byte would be unseen). Times
 * are decimal seconds, as httpbin takes them; the whole stays within the
 * sleep limit. The writes run on the instance's
 * shared timer and stop when the client leaves; the stream holds a
 * long-request slot until it ends.
 */
import { param, PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import { ParamError } from "../core/params.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { NO_BODY_STATUSES } from "../core/status_text.ts";
import { BASE_HEADERS, respond, STREAMED_HEADERS } from "../core/http.ts";

/** The fewest milliseconds between two writes: a tick per byte of a 1 MiB drip would be a million timers. */
const MIN_TICK_MS = 10;
const STAR = 0x2a;

/**
 * The write plan of a drip: `ticks` writes, write `k` at
 * `k * durationMs / (ticks - 1)` (one write: at the end, at once without a
 * duration) carrying bytes `[k*n/ticks, (k+1)*n/ticks)`. At most one write
 * per 10 ms, but two whenever there is a duration and two bytes: the last
 * byte comes when `duration` is up, however short (5 ms had ended at once).
 */
export function dripTicks(numbytes: number, durationMs: number): number {
  if (numbytes === 0) return 0;
  if (!(durationMs > 0)) return 1;
  return Math.min(
    numbytes,
    Math.max(2, Math.floor(durationMs / MIN_TICK_MS)),
  );
}

/** `GET /drip`. */
export function drip(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const maxSeconds = l.maxSleepMs / 1000;
  const seconds = <const N extends string>(
    name: N,
    what: string,
    dflt: number,
  ) =>
    param({
      name,
      in: "query",
      type: "seconds",
      wait: true,
      required: false,
      default: dflt,
      min: 0,
      max: maxSeconds,
      description:
        `${what}, seconds (httpbin's unit; 500ms and 1.5s as go-httpbin takes them), 0 to ${maxSeconds}.`,
      example: name === "delay" ? "0.5" : "2",
    });
  return defineEndpoint({
    streaming: true,
    summary: "A body that drips out slowly",
    description:
      `Waits \`delay\`, sends status \`code\` with \`Content-Length: numbytes\`, then \`numbytes\` asterisks spread evenly over \`duration\`, the last when it is up (at most one write per ${MIN_TICK_MS} ms beyond the first and last). \`delay\`, \`duration\` and \`sleep\` together stay within the sleep limit (${l.maxSleepMs} ms). Holds a long-request slot; a client that leaves stops the writes. HEAD answers at once.`,
    params: [
      seconds("duration", "Time over which the bytes are spread", 2),
      {
        name: "numbytes",
        in: "query",
        type: "integer",
        required: false,
        default: 10,
        min: 0,
        max: l.maxBytes,
        description: `Bytes to send, 0 to ${l.maxBytes} (limit \`maxBytes\`).`,
        example: "10",
      },
      {
        name: "code",
        in: "query",
        type: "integer",
        required: false,
        default: 200,
        min: 200,
        max: 599,
        description:
          "The response status, 200 to 599 (204, 205 and 304 only with numbytes=0).",
        example: "200",
      },
      seconds("delay", "Time before the status and headers are sent", 0),
      sleepParam(l),
    ],
    // Any status `code` asks for, 200 by default.
    responses: [{
      status: "default",
      description: "`numbytes` asterisks, slowly, with the status `code`.",
      contentType: "application/octet-stream",
      schema: { type: "string" },
    }, PROBLEM_4XX],
    examples: [
      {
        url: route.url({}, "duration=2&numbytes=10"),
        description: "10 bytes in 2 s",
      },
      {
        url: route.url({}, "delay=1&duration=0&numbytes=5&code=503"),
        description: "503 after a second",
      },
    ],
    validate: ({ duration, delay, sleep, code, numbytes }) => {
      const total = (duration + delay) * 1000 + sleep;
      if (total > l.maxSleepMs) {
        throw new ParamError(
          "duration",
          `duration, delay and sleep together must be at most ${l.maxSleepMs} ms.`,
        );
      }
      if (NO_BODY_STATUSES.has(code) && numbytes > 0) {
        throw new ParamError(
          "code",
          `A ${code} response has no body: give numbytes=0 with it.`,
        );
      }
    },
    handle: async (req, { params, head }) => {
      const { numbytes: n, code: status } = params;
      const headers: Record<string, string> = {
        ...BASE_HEADERS,
        ...STREAMED_HEADERS,
        "content-type": "application/octet-stream",
      };
      if (!NO_BODY_STATUSES.has(status)) {
        headers["content-length"] = String(n);
      }
      if (head) return respond(null, status, headers);
      if (params.delay > 0) {
        const left = await ctx.life.pause(params.delay * 1000, req.signal);
        if (left) return left;
      }
      if (NO_BODY_STATUSES.has(status)) return respond(null, status, headers);
      const body = dripBody(ctx, n, params.duration * 1000);
      return respond(body, status, headers);
    },
  });
}

/** `n` asterisks over `durationMs`: the first write at 0, the last at the end. */
function dripBody(
  ctx: DebugContext,
  n: number,
  durationMs: number,
): ReadableStream<Uint8Array> {
  const ticks = dripTicks(n, durationMs);
  const start = performance.now();
  let k = 0;
  let cancel: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(c) {
      const step = () => {
        cancel = undefined;
        const from = Math.floor(k * n / ticks);
        const to = Math.floor((k + 1) * n / ticks);
        c.enqueue(new Uint8Array(to - from).fill(STAR));
        if (++k === ticks) return c.close();
        // Each write at its own point of the plan, so timer lateness does
        // not add up over many writes.
        const at = ticks === 1 ? durationMs : k * durationMs / (ticks - 1);
        cancel = ctx.timers.schedule(
          Math.max(0, at - (performance.now() - start)),
          step,
        );
      };
      if (ticks === 0) {
        cancel = ctx.timers.schedule(durationMs, () => c.close());
      } else if (ticks === 1 && durationMs > 0) {
        // One byte over a duration: it comes when the duration is up.
        cancel = ctx.timers.schedule(durationMs, step);
      } else step();
    },
    cancel() {
      cancel?.();
    },
  });
}
