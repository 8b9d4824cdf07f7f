/**
 * The HAR corpus (../shared/corpus/har, or $CORPUS_DIR/har): every real
 * export parses with the expected counts and summary, computed beforehand
 * by an independent Python script, and the broken files are rejected with a
 * located message. Skipped when the corpus is absent.
 */
import assert from "node:assert/strict";
import { HarParseError } from "./errors.ts";
import { parseHarText } from "./parse.ts";
import { entryDetail } from "./detail.ts";
import { errorOf } from "./entries.ts";
import { computeView, defaultViewState } from "./view.ts";
import { axisOf, axisTicks, markersOf } from "./waterfall.ts";
import { sanitizeHar } from "./sanitize.ts";
import { DEFAULT_REDACT_WORDS } from "./redact.ts";
import { corpusDir } from "../../tests/helpers/corpus.ts";

/** Loosely typed JSON, for digging into sanitized output. */
// deno-lint-ignore no-explicit-any
type Json = any;

const DIR_PATH = corpusDir("har");
const present = DIR_PATH !== null;
const DIR = new URL(`file://${DIR_PATH ?? "/nonexistent/"}`);

// file: [requests, transfer-bytes, content-bytes, span-ms, 2xx, 3xx, 4xx, 5xx, other, pages]
const EXPECTED: Record<string, number[]> = {
  "harviewer-browser-blocking-time.har": [
    19,
    29019,
    41659,
    3649440,
    19,
    0,
    0,
    0,
    0,
    2,
  ],
  "harviewer-data-url.har": [1, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  "harviewer-from-cache.har": [1, 2539, 2336, 14, 0, 1, 0, 0, 0, 0],
  "harviewer-issue61-chrome51.har": [
    27,
    118173,
    943782,
    17301.417,
    22,
    5,
    0,
    0,
    0,
    3,
  ],
  "harviewer-issue61-firefox47.har": [
    23,
    165522,
    942797,
    7098,
    18,
    5,
    0,
    0,
    0,
    3,
  ],
  "harviewer-issue61-ie11-fiddler.har": [
    11,
    116081,
    313893,
    8649.4937,
    7,
    4,
    0,
    0,
    0,
    2,
  ],
  "harviewer-multiple-pages.har": [9, 9262, 6998, 11514, 9, 0, 0, 0, 0, 3],
  "harviewer-noPageTimings.har": [2, 127, 127, 30595, 1, 0, 1, 0, 0, 1],
  "harviewer-svg-base64.har": [1, 917, 1330, 235.848, 1, 0, 0, 0, 0, 1],
  "harviewer-two-megs.har": [160, 2565664, 2515403, 16347, 157, 0, 3, 0, 0, 3],
  "harviewer-www-cnn-com.har": [
    22,
    77569,
    131273,
    5070.4089,
    18,
    4,
    0,
    0,
    0,
    0,
  ],
  "mitmproxy-charles.har": [1, 23866, 23866, 107, 1, 0, 0, 0, 0, 0],
  "mitmproxy-chrome.har": [3, 7385, 30974, 10155471990.205, 1, 1, 0, 0, 1, 1],
  "mitmproxy-firefox.har": [14, 127007, 176173, 487, 10, 4, 0, 0, 0, 1],
  "mitmproxy-insomnia.har": [1, 0, 250, 70.402, 1, 0, 0, 0, 0, 0],
  "mitmproxy-safari.har": [19, 11180, 73014, 347.2234, 19, 0, 0, 0, 0, 1],
  "mitmproxy-websocket.har": [3, 735, 0, 32579.4452, 0, 0, 0, 0, 3, 0],
  "mitmproxy-with-bom.har": [1, 73, 0, 169.796, 1, 0, 0, 0, 0, 0],
  "pagexray-304.har": [270, 838120, 22986541, 115014.146, 128, 48, 0, 94, 0, 9],
  "pagexray-browsertime-recalculate-style.har": [
    7,
    102858,
    236432,
    932.677,
    6,
    1,
    0,
    0,
    0,
    1,
  ],
  "pagexray-en.wikipedia.org.spdy-wpt.har": [
    102,
    73633,
    0,
    18097279,
    99,
    3,
    0,
    0,
    0,
    6,
  ],
  "pagexray-expressen.har": [607, 7548020, 7267604, 12687, 577, 30, 0, 0, 0, 3],
  "pagexray-minusSizeForContentFirefox.har": [
    10,
    50464,
    0,
    715,
    10,
    0,
    0,
    0,
    0,
    1,
  ],
};

const BROKEN: Record<string, RegExp> = {
  "broken-harviewer-not-json.har": /line 8, column 5/,
  "broken-harviewer-not-valid.har": /"log.entries" is missing/,
  "broken-mitmproxy-broken_headers.json": /no "log" property/,
  "broken-mitmproxy-brokenfile.har": /line 5, column 1/,
};

for (const [file, want] of Object.entries(EXPECTED)) {
  Deno.test({
    name: `har corpus: ok/${file}`,
    ignore: !present,
    fn: async () => {
      const { doc, columns: c } = parseHarText(
        await Deno.readTextFile(new URL(file, DIR)),
      );
      const s = doc.summary;
      const got = [
        s.requests,
        s.transferBytes,
        s.contentBytes,
        s.spanMs,
        s.status["2xx"],
        s.status["3xx"],
        s.status["4xx"],
        s.status["5xx"],
        s.status.other,
        doc.pages.filter((p) => !p.synthetic).length,
      ];
      assert.deepEqual(got.slice(0, 3), want.slice(0, 3));
      assert.ok(
        Math.abs(got[3] - want[3]) < 1e-3,
        `span ${got[3]} vs ${want[3]}`,
      );
      assert.deepEqual(got.slice(4), want.slice(4));
      // The list in start order really is ordered by offset, ties by index.
      const rows = computeView(c, defaultViewState()).rows;
      assert.equal(rows.length, want[0]);
      for (let k = 1; k < rows.length; k++) {
        const a = rows[k - 1], b = rows[k];
        assert.ok(
          c.start[a] < c.start[b] || (c.start[a] === c.start[b] && a < b),
        );
      }
      assert.ok(Math.min(...c.start) === 0 || c.n === 0);
    },
  });
}

for (const [file, re] of Object.entries(BROKEN)) {
  Deno.test({
    name: `har corpus: bad/${file}`,
    ignore: !present,
    fn: async () => {
      const text = await Deno.readTextFile(new URL(file, DIR));
      assert.throws(
        () => parseHarText(text),
        (e: unknown) => e instanceof HarParseError && re.test(e.message),
      );
    },
  });
}

Deno.test({
  name: "har corpus: files whose array order is not time order",
  ignore: !present,
  fn: async () => {
    for (
      const file of [
        "pagexray-304.har",
        "pagexray-expressen.har",
        "pagexray-en.wikipedia.org.spdy-wpt.har",
      ]
    ) {
      const { columns: c } = parseHarText(
        await Deno.readTextFile(new URL(file, DIR)),
      );
      const order = [...c.orders.start!];
      assert.notDeepEqual(order, order.map((_, i) => i), file);
    }
  },
});

Deno.test({
  name: "har corpus: Firefox ssl outside connect, Fiddler 7-digit fractions",
  ignore: !present,
  fn: async () => {
    const ff = parseHarText(
      await Deno.readTextFile(new URL("mitmproxy-firefox.har", DIR)),
    ).doc;
    const tls = ff.entries.find((e) => e.timings.ssl > 0)!;
    assert.equal(tls.timings.sslInConnect, false);
    const safari = parseHarText(
      await Deno.readTextFile(new URL("mitmproxy-safari.har", DIR)),
    ).doc;
    assert.equal(safari.entries[0].timings.sslInConnect, true);
    const fid = parseHarText(
      await Deno.readTextFile(
        new URL("harviewer-issue61-ie11-fiddler.har", DIR),
      ),
    ).doc;
    // 21:42:02.7541492 - 21:42:02.7221474 = 32.0018 ms, sub-ms digits kept.
    const second = fid.entries.find((e) =>
      e.startedDateTime.endsWith("02.7541492+01:00")
    )!;
    assert.ok(
      Math.abs(second.startMs - 32.0018) < 1e-9,
      String(second.startMs),
    );
  },
});

Deno.test({
  name: "har corpus: every file sanitizes to a HAR without its cookie values",
  ignore: !present,
  fn: async () => {
    for (const file of Object.keys(EXPECTED)) {
      const text = await Deno.readTextFile(new URL(file, DIR));
      const { root, doc } = parseHarText(text);
      const { har } = sanitizeHar(root, { words: DEFAULT_REDACT_WORDS });
      const again = parseHarText(JSON.stringify(har)).doc;
      assert.equal(again.summary.requests, doc.summary.requests, file);
      for (const e of (har as Json).log.entries) {
        for (
          const ck of [
            ...(e.request.cookies ?? []),
            ...(e.response.cookies ?? []),
          ]
        ) {
          assert.ok(!ck.value || ck.value === "[REDACTED]", file);
        }
      }
    }
  },
});

Deno.test({
  name:
    "har corpus: every entry's Copy as fetch runs: the Request it builds is one fetch accepts",
  ignore: !present,
  fn: async () => {
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    let calls = 0;
    // Builds the real Request (which throws where fetch throws), sends nothing.
    const stub = (url: string, init: RequestInit) => {
      new Request(url, init);
      calls++;
      return Promise.resolve(new Response(""));
    };
    for (const file of Object.keys(EXPECTED)) {
      const { raw, doc } = parseHarText(
        await Deno.readTextFile(new URL(file, DIR)),
      );
      doc.entries.forEach((e, i) => {
        const d = entryDetail(raw[i], e);
        if (d.fetch === "") {
          assert.ok(d.fetchNote, `${file} #${i}: no call, and no reason`);
        }
      });
      for (let i = 0; i < doc.entries.length; i++) {
        const d = entryDetail(raw[i], doc.entries[i]);
        if (!d.fetch) continue;
        await new AsyncFunction("fetch", d.fetch)(stub).catch((err: Error) => {
          throw new Error(`${file} #${i}: ${err.message}\n${d.fetch}`);
        });
      }
    }
    assert.ok(calls > 100, `${calls} calls run`);
  },
});

Deno.test({
  name:
    "har corpus: mitmproxy-chrome.har's failed entry keeps its net error in the columns",
  ignore: !present,
  fn: async () => {
    const { columns: c } = parseHarText(
      await Deno.readTextFile(new URL("mitmproxy-chrome.har", DIR)),
    );
    assert.equal(c.status[1], 0);
    assert.equal(errorOf(c, 1), "net::ERR_INTERNET_DISCONNECTED");
    assert.equal(errorOf(c, 0), "");
  },
});

Deno.test({
  name:
    "har corpus: harviewer-multiple-pages.har's second page is labelled 0-60 ms, not 7.7 s on",
  ignore: !present,
  fn: async () => {
    const { doc, columns: c } = parseHarText(
      await Deno.readTextFile(new URL("harviewer-multiple-pages.har", DIR)),
    );
    const v = computeView(c, { ...defaultViewState(), page: 1 });
    const axis = axisOf(v.scopeStart, v.scopeEnd, markersOf(doc.pages, 1));
    const labels = axisTicks(axis, 6).map((t) => t.label);
    assert.equal(labels[0], "0");
    assert.ok(labels.every((l) => /^(0|\d+ ms)$/.test(l)), labels.join());
    assert.ok(parseInt(labels.at(-1)!) <= 60, labels.join());
    // Drawn at the file's offsets, as the rows' data-start-ms.
    assert.ok(axis.origin > 7600 && axis.origin < 7800, String(axis.origin));
  },
});
