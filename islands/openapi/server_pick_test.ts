/** The server picker's choice: when one is offered, and where it starts. */
import assert from "node:assert/strict";
import { defaultsOf, offersChoice } from "./server_pick.ts";
import type { ServerChoice } from "../../lib/openapi/types.ts";

const choice = (patch: Partial<ServerChoice> = {}): ServerChoice => ({
  url: "https://x",
  name: "",
  fixed: {},
  description: "",
  variables: [],
  ...patch,
});
const variable = (name: string, d: string | null, values: string[] = []) => ({
  name,
  default: d,
  values,
  description: "",
});

Deno.test("server pick: ok/a choice is offered for two servers, or one with variables", () => {
  assert.equal(offersChoice([]), false);
  assert.equal(offersChoice([choice()]), false);
  assert.equal(offersChoice([choice(), choice()]), true);
  assert.equal(
    offersChoice([choice({ variables: [variable("v", "1")] })]),
    true,
  );
});

Deno.test("server pick: ok/variables start at their defaults, the fixed ones too; one without stays unset", () => {
  assert.deepEqual(
    defaultsOf(choice({
      fixed: { far: "f" },
      variables: [variable("a", "1"), variable("b", ""), variable("c", null)],
    })),
    { far: "f", a: "1", b: "" },
  );
});
