/**
 * A real Chromium `EventSource` against `/api/debug/sse`: it receives every
 * event, reconnects after the stream ends with `Last-Event-ID`, gets 204
 * because nothing is left, and stops for good.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";

Deno.test({
  name:
    "sse in Chromium: events arrive, the resume gets 204, EventSource stops",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const sse: Promise<{ status: number; lastEventId?: string }>[] = [];
      page.on("response", (res) => {
        if (!res.url().includes("/api/debug/sse")) return;
        // allHeaders(): Last-Event-ID is added below the page's view.
        sse.push(
          res.request().allHeaders().then((h) => ({
            status: res.status(),
            lastEventId: h["last-event-id"],
          })),
        );
      });
      await page.goto(server.origin + "/");
      const result = await page.evaluate(() =>
        new Promise<{ events: string[]; state: number; errors: number }>(
          (resolve) => {
            const events: string[] = [];
            let errors = 0;
            const es = new EventSource(
              "/api/debug/sse?count=3&interval=100&retry=200&event=tick",
            );
            es.addEventListener("tick", (e) => {
              const ev = e as MessageEvent;
              events.push(`${ev.lastEventId}:${JSON.parse(ev.data).id}`);
            });
            es.onerror = () => {
              errors++;
              // Wait for the reconnect's 204 to close the source for good.
              if (es.readyState === EventSource.CLOSED) {
                resolve({ events, state: es.readyState, errors });
              }
            };
            setTimeout(
              () => resolve({ events, state: es.readyState, errors }),
              8000,
            );
          },
        )
      );
      assert.deepEqual(result.events, ["1:1", "2:2", "3:3"]);
      assert.equal(result.state, 2, "EventSource.CLOSED after the 204");
      // The stream's end triggered one reconnect, answered 204.
      assert.deepEqual(await Promise.all(sse), [
        { status: 200, lastEventId: undefined },
        { status: 204, lastEventId: "3" },
      ]);
    }),
});

Deno.test({
  name: "sse in Chromium: each event shows up live, before the stream ends",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.goto(server.origin + "/");
      const times = await page.evaluate(() =>
        new Promise<number[]>((resolve) => {
          const t0 = performance.now();
          const at: number[] = [];
          const es = new EventSource("/api/debug/sse?count=2&interval=1200");
          es.onmessage = () => {
            at.push(performance.now() - t0);
            if (at.length === 2) {
              es.close();
              resolve(at);
            }
          };
        })
      );
      assert.ok(times[0] < 1000, `first event after ${times[0]} ms`);
      assert.ok(times[1] - times[0] >= 1000, `then ${times[1] - times[0]} ms`);
    }),
});
