/**
 * The README's "Compare spec versions" CI snippet, run as a CI job would:
 * bash, in the API's own repository (a scratch folder holding `old.yaml`
 * and `new.yaml`), with Wirebench checked out beside them as
 * `./wirebench` (a symbolic link to this checkout). Like
 * tests/http/readme_test.ts, it reads the fenced block after
 * `<!-- snippet: compare-ci -->`, so what readers copy is what runs; the
 * text proposed for it is also run on its own.
 */
import assert from "node:assert/strict";
import { FIXTURES, ROOT_DIR, shellEnv } from "../helpers/diff_cli.ts";

/** The snippet proposed for the README (the README's copy is run too). */
export const CI_SNIPPET = `set -o pipefail
deno task --config wirebench/deno.json diff old.yaml new.yaml --fail-on breaking --format markdown | tee api-changes.md
`;

const README = await Deno.readTextFile(`${ROOT_DIR}README.md`);

/** The fenced block after `<!-- snippet: name -->`, or null when absent. */
function snippet(name: string): string | null {
  const at = README.indexOf(`<!-- snippet: ${name} -->`);
  if (at < 0) return null;
  const m = /```\w*\n([\s\S]*?)```/.exec(README.slice(at));
  assert.ok(m, `a code block follows the ${name} marker`);
  return m[1];
}

/** Runs `script` with bash where old.yaml and new.yaml are these fixtures. */
async function runStep(script: string, oldName: string, newName: string) {
  const dir = await Deno.makeTempDir({ prefix: "wirebench-compare-ci-" });
  try {
    await Deno.symlink(ROOT_DIR, `${dir}/wirebench`);
    await Deno.copyFile(FIXTURES + oldName, `${dir}/old.yaml`);
    await Deno.copyFile(FIXTURES + newName, `${dir}/new.yaml`);
    const out = await new Deno.Command("bash", {
      args: ["-c", script],
      cwd: dir,
      env: shellEnv(),
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    let report: string | null = null;
    try {
      report = await Deno.readTextFile(`${dir}/api-changes.md`);
    } catch { /* a snippet that writes no file */ }
    return {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
      report,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A breaking revision fails the step and shows the change; none passes. */
async function checkStep(script: string): Promise<void> {
  const broke = await runStep(script, "pets_base.yaml", "pets_breaking.yaml");
  const why = `exit ${broke.code}\n${broke.stdout}\n${broke.stderr}`;
  assert.equal(broke.code, 1, why);
  assert.match(broke.stdout, /^### Breaking changes \(1\)$/m, why);
  assert.match(
    broke.stdout,
    /^- `POST \/pets`: .*tag.* \(`request-property-became-required`\)$/m,
    why,
  );
  if (broke.report !== null) assert.equal(broke.report, broke.stdout);

  const same = await runStep(script, "pets_base.yaml", "pets_info.yaml");
  assert.equal(same.code, 0, `${same.stdout}\n${same.stderr}`);
  assert.match(same.stdout, /^### Compatible changes \(1\)$/m);
  assert.doesNotMatch(same.stdout, /Breaking changes/);
}

const windows = Deno.build.os === "windows";

Deno.test({
  name: "readme: the proposed compare-ci step fails on a breaking change",
  ignore: windows,
  sanitizeResources: false,
  fn: () => checkStep(CI_SNIPPET),
});

const fromReadme = snippet("compare-ci");

Deno.test({
  name: "readme: the compare-ci snippet fails on a breaking change",
  ignore: windows,
  sanitizeResources: false,
  fn: async () => {
    assert.ok(
      fromReadme !== null,
      "README.md has a <!-- snippet: compare-ci --> block",
    );
    await checkStep(fromReadme);
  },
});
