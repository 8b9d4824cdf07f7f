/**
 * The debug API router, mounted at `/api/debug` by `lib/server/app.ts`.
 * Each endpoint family lives in `lib/debug/`; the adapters here only wire
 * paths to handlers.
 */
import { Hono } from "hono";
import { problem } from "../../../lib/debug/problem.ts";

/** Hono sub-app with every debug endpoint. */
export const debugApi = new Hono();

/** 404 problem+json for unknown paths under `/api/debug/`. */
export function debugNotFound(req: Request): Response {
  const path = new URL(req.url).pathname;
  return problem(404, `No debug endpoint at ${path}.`);
}
