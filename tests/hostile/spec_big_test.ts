/**
 * Hostile JSON spec inputs of 50 MB: single strings answered within a
 * bound, in a worker under a watchdog. Apart from the other hostile tests
 * because they take seconds, not milliseconds; the YAML ones are in
 * spec_big_yaml_test.ts.
 */
import { hostileSuite } from "../helpers/spec_hostile_runner.ts";

hostileSuite("big-json", { watchdogMs: 120_000 });
