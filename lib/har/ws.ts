/**
 * WebSocket frames as Chrome records them (`_webSocketMessages`: type,
 * time in seconds since the epoch, opcode, data), listed as DevTools'
 * Messages tab lists them: each frame's time from the request's start and
 * its length in bytes.
 */
import { cutText } from "./body.ts";
import { parseInstant } from "./iso_date.ts";
import { obj } from "./normalize.ts";
import { shown, valueText } from "./pairs.ts";
import { str } from "../shared/value.ts";
import { utf8Length } from "../shared/utf8_length.ts";

/** One WebSocket frame, its data cut for display. */
export interface WsMessage {
  /** Its direction as Chrome writes it (`send`, `receive`), "" when absent. */
  type: string;
  /** Seconds since the epoch, as Chrome writes them (NaN when absent). */
  time: number;
  /**
   * Milliseconds from the request's start (`startedDateTime`) to the frame,
   * to the microsecond; NaN when either is not recorded.
   */
  at: number;
  /** The frame's opcode (RFC 6455 §5.2: 1 text, 2 binary), -1 when absent. */
  opcode: number;
  /** Its payload as text, cut to 500 characters (then ending in `…`). */
  data: string;
  /**
   * Its payload's length in bytes: a binary frame's (opcode 2, recorded
   * as base64) decoded, another's data as UTF-8.
   */
  length: number;
}

/** Frames listed, and characters of each frame's data shown. */
const WS_SHOWN = 500, WS_DATA = 500;

/**
 * The first frames of `v` (an entry's `_webSocketMessages`), timed from
 * `started` (its `startedDateTime`).
 */
export function wsMessages(v: unknown, started: unknown): WsMessage[] {
  if (!Array.isArray(v)) return [];
  const start = parseInstant(started);
  return v.slice(0, WS_SHOWN).map((m) => {
    const o = obj(m);
    const data = valueText(o.data);
    const time = typeof o.time === "number" ? o.time : NaN;
    const opcode = typeof o.opcode === "number" ? o.opcode : -1;
    return {
      type: shown(str(o.type)),
      time,
      // The epoch's milliseconds leave about 0.2 µs of precision.
      at: start && Number.isFinite(time)
        ? Math.round((time * 1000 - start.ms - start.frac) * 1000) / 1000
        : NaN,
      opcode,
      data: data.length > WS_DATA ? cutText(data, WS_DATA) + "…" : data,
      length: wsDataLength(data, opcode),
    };
  });
}

/** Base64 (RFC 4648 §4), tested once its white space is taken out. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes a frame's `data` stands for: a binary frame's base64 decoded
 * (counted, not decoded), else, or when it is no base64, its UTF-8.
 */
export function wsDataLength(data: string, opcode: number): number {
  // White space taken out first: a pattern allowing it between the
  // characters took cubic time on 4,000 spaces (18 s).
  if (opcode === 2 && BASE64.test(data.replace(/\s+/g, ""))) {
    let n = 0;
    for (let i = 0; i < data.length; i++) {
      const c = data.charCodeAt(i);
      if (c !== 61 && c > 32) n++; // not "=", not whitespace
    }
    return Math.floor(n * 6 / 8);
  }
  return utf8Length(data);
}
