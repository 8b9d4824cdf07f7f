/**
 * Hostile YAML spec inputs of 50 MB: plain, quoted and unterminated
 * scalars and a whole spec on one line, answered within a bound, in a
 * worker under a watchdog.
 */
import { hostileSuite } from "../helpers/spec_hostile_runner.ts";

hostileSuite("big-yaml", { watchdogMs: 120_000 });
