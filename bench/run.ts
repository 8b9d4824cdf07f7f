/**
 * `deno task bench`: runs every `bench/*_bench.ts` script in turn, each in
 * its own process so one benchmark's memory and timers cannot skew the next.
 * Pass names to run only some: `deno task bench http spec`.
 */
const dir = new URL("./", import.meta.url);
const only = Deno.args;
const scripts: string[] = [];
for await (const f of Deno.readDir(dir)) {
  if (f.isFile && f.name.endsWith("_bench.ts")) scripts.push(f.name);
}
scripts.sort();
let failed = 0;
for (const name of scripts) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n## ${name}`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(name, dir).pathname],
    env: { RUST_BACKTRACE: "0" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) failed++;
}
if (!scripts.length) console.log("no benchmarks in bench/");
Deno.exit(failed ? 1 : 0);
