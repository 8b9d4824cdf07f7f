/**
 * `deno task bench http_compress`: why /gzip and /deflate use
 * lib/debug/core/deflate.ts's writer and /brotli lib/debug/core/brotli.ts's,
 * rather than node:zlib or CompressionStream. The body is what
 * those endpoints send (about 300 bytes of JSON); Deno.bench, no server.
 */
import * as zlib from "node:zlib";
import { BrotliWriter } from "../lib/debug/core/brotli.ts";
import { DeflateWriter } from "../lib/debug/core/deflate.ts";

// `deno task bench` runs scripts with `deno run`, where Deno.bench is a
// no-op: hand this file to `deno bench` instead.
if (!Deno.env.get("HTTP_COMPRESS_BENCH")) {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["bench", "-A", new URL(import.meta.url).pathname],
    env: { HTTP_COMPRESS_BENCH: "1" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  Deno.exit(code);
}

const body = new TextEncoder().encode(JSON.stringify({
  gzipped: true,
  method: "GET",
  headers: {
    accept: "*/*",
    "accept-encoding": "gzip, deflate, br, zstd",
    "accept-language": "en-US,en;q=0.9",
    host: "127.0.0.1:8000",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
  },
}));

async function viaStream(format: string): Promise<Uint8Array> {
  const s = new Blob([body]).stream()
    .pipeThrough(new CompressionStream(format as CompressionFormat));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

const q = (n: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: n },
});

for (const f of ["gzip", "deflate", "brotli"]) {
  Deno.bench(
    `CompressionStream ${f}`,
    { group: f, baseline: true },
    async () => {
      await viaStream(f);
    },
  );
}
Deno.bench("zlib.gzipSync level 6 (default)", { group: "gzip" }, () => {
  zlib.gzipSync(body);
});
Deno.bench("zlib.gzipSync level 1", { group: "gzip" }, () => {
  zlib.gzipSync(body, { level: 1 });
});
Deno.bench(
  "zlib.gzipSync level 1, 1 KiB window (served before deflate.ts)",
  { group: "gzip" },
  () => {
    zlib.gzipSync(body, { level: 1, windowBits: 10, memLevel: 2 });
  },
);
const writer = new DeflateWriter();
Deno.bench("deflate.ts DeflateWriter.gzip (served)", { group: "gzip" }, () => {
  writer.gzip(body);
});
Deno.bench(
  "deflate.ts DeflateWriter.zlib (served)",
  { group: "deflate" },
  () => {
    writer.zlib(body);
  },
);
Deno.bench(
  "zlib.deflateSync level 1, 1 KiB window",
  { group: "deflate" },
  () => {
    zlib.deflateSync(body, { level: 1, windowBits: 10, memLevel: 2 });
  },
);
Deno.bench("zlib.deflateSync level 6", { group: "deflate" }, () => {
  zlib.deflateSync(body);
});
Deno.bench("zlib.deflateSync level 1", { group: "deflate" }, () => {
  zlib.deflateSync(body, { level: 1 });
});
const brotli = new BrotliWriter();
Deno.bench("brotli.ts BrotliWriter (served)", { group: "brotli" }, () => {
  brotli.compress(body);
});
Deno.bench(
  "zlib.brotliCompressSync quality 1, 1 KiB window (served before brotli.ts)",
  { group: "brotli" },
  () => {
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 10,
      },
    });
  },
);
for (const n of [1, 4, 11]) {
  Deno.bench(
    `zlib.brotliCompressSync quality ${n}`,
    { group: "brotli" },
    () => {
      zlib.brotliCompressSync(body, q(n));
    },
  );
}
