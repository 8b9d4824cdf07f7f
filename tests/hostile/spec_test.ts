/**
 * Hostile spec inputs: deep nesting, YAML alias bombs, circular
 * `$ref`s, prototype-named keys, invalid UTF-8 and values of the wrong type
 * each get a list or a located `SpecError` within a time bound, through the
 * same path the page takes (parse, checks, details, post). Each case runs in
 * a worker under a watchdog, so a hang fails instead of stalling the run.
 */
import { hostileSuite } from "../helpers/spec_hostile_runner.ts";

hostileSuite("deep");
hostileSuite("alias");
hostileSuite("refs");
hostileSuite("types");
