/**
 * An event stream (`text/event-stream`) read as a browser's EventSource
 * reads it (HTML Living Standard §9.2.6, "Interpreting an event stream"),
 * fed decoded text as it arrives: lines end in CRLF, LF or CR, a blank
 * line dispatches the event, `data` lines join with LF, `id` (without
 * NUL) persists as the last event id, `retry` (ASCII digits only) sets the
 * reconnection time, comments and unknown fields are ignored. Pure, so the
 * runner's reader and its tests share it.
 */

/** One dispatched event. */
export interface StreamEvent {
  /** `event:` field, `message` when unsaid. */
  type: string;
  data: string;
  /** The last event id after this event (HTML: `lastEventId`). */
  id: string;
}

/** Characters of one event's data kept; past them the rest is dropped. */
export const MAX_EVENT_DATA = 1_048_576;
/** Characters of an unfinished line held; a longer one is dropped whole. */
const MAX_LINE = 2 * MAX_EVENT_DATA;

/** Reads an event stream chunk by chunk (see the module's note). */
export class EventStreamReader {
  /** The id of the last event that set one (sent back as Last-Event-ID). */
  lastEventId = "";
  /** Milliseconds the stream last asked to wait before reconnecting, or null. */
  retry: number | null = null;
  #pending = "";
  /** The rest of a line too long to hold is dropped up to its end. */
  #skipping = false;
  #first = true;
  #crEnded = false;
  #type = "";
  #data: string[] = [];
  #size = 0;
  #id: string | null = null;

  /** The events `text` completes, in order. */
  feed(text: string): StreamEvent[] {
    if (this.#first && text.length) {
      this.#first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR that ended the last chunk, then an LF: one line end.
    if (this.#crEnded && text.startsWith("\n")) text = text.slice(1);
    this.#crEnded = false;
    const out: StreamEvent[] = [];
    let s = this.#pending + text;
    let at = 0;
    if (this.#skipping) {
      const end = s.search(/[\r\n]/);
      if (end < 0) return out;
      this.#skipping = false;
      // Its line end is read below, ending that (dropped) line.
      s = s.slice(end);
    }
    for (;;) {
      const m = /\r\n|\r|\n/g;
      m.lastIndex = at;
      const hit = m.exec(s);
      if (!hit) break;
      // A CR at the very end may be half of a CRLF: taken as the line
      // end now, and an LF opening the next chunk is skipped.
      if (hit[0] === "\r" && hit.index === s.length - 1) this.#crEnded = true;
      this.#line(s.slice(at, hit.index), out);
      at = hit.index + hit[0].length;
    }
    s = s.slice(at);
    if (s.length > MAX_LINE) {
      this.#pending = "";
      this.#skipping = true;
    } else this.#pending = s;
    return out;
  }

  #line(line: string, out: StreamEvent[]): void {
    if (line === "") return this.#dispatch(out);
    if (line.startsWith(":")) return; // a comment
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.#type = value;
        break;
      case "data":
        if (this.#size + value.length <= MAX_EVENT_DATA) {
          this.#data.push(value);
          this.#size += value.length + 1;
        }
        break;
      case "id":
        if (!value.includes("\0")) this.#id = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        break;
    }
  }

  #dispatch(out: StreamEvent[]): void {
    if (this.#id !== null) this.lastEventId = this.#id;
    this.#id = null;
    if (this.#data.length) {
      out.push({
        type: this.#type || "message",
        data: this.#data.join("\n"),
        id: this.lastEventId,
      });
    }
    this.#type = "";
    this.#data = [];
    this.#size = 0;
  }
}
