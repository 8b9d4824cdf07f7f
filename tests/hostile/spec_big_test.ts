/**
 * Hostile spec inputs of 50 MB: single strings and single-line
 * YAML answered within a bound, in a worker under a watchdog. Apart from the
 * other hostile tests because they take seconds, not milliseconds.
 */
import { hostileSuite } from "../helpers/spec_hostile_runner.ts";

hostileSuite("big", { watchdogMs: 120_000 });
