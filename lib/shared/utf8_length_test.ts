import assert from "node:assert/strict";
import { utf8Length } from "./utf8_length.ts";

Deno.test("utf8Length: UTF-8 length as TextEncoder counts it, lone surrogates as U+FFFD", () => {
  for (const s of ["", "foo", "é", "€", "😀", "a😀b€é", "\ud800", "x\udc00y"]) {
    assert.equal(utf8Length(s), new TextEncoder().encode(s).length, s);
  }
});
