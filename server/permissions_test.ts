/** The start-up sentences for permissions a server entry lacks. */
import assert from "node:assert/strict";
import { missingPermissions, type PermissionQuery } from "./permissions.ts";

const granting = (denied: string[]): PermissionQuery => (d) =>
  denied.includes(d.name) ? "prompt" : "granted";

Deno.test("permissions: ok/all granted, nothing said", () => {
  assert.deepEqual(missingPermissions(granting([])), []);
});

Deno.test("permissions: bad/no read, no env: each said, naming what it costs", () => {
  const said = missingPermissions(
    granting(["read", "env"]),
    new URL("file:///srv/app/static/"),
  );
  assert.equal(said.length, 2);
  assert.match(
    said[0],
    /no read permission for \/srv\/app\/static\/: pages are served without their styles and scripts/,
  );
  assert.match(said[1], /no --allow-env: .* keep their defaults/);
});

Deno.test("permissions: ok/a scoped --allow-env is said as scoped, not as none", () => {
  const scoped: PermissionQuery = (d) =>
    d.name !== "env" || (d as { variable?: string }).variable === "DEBUG_SECRET"
      ? "granted"
      : "prompt";
  assert.deepEqual(missingPermissions(scoped), [
    "wirebench: --allow-env is scoped: settings of names it does not grant (DEBUG_*, TLS_*) keep their defaults.",
  ]);
});

Deno.test("permissions: ok/this test run's own grants (-A) say nothing", () => {
  assert.deepEqual(missingPermissions(), []);
});
