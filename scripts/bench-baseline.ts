/**
 * The benchmark's baseline (`npm run bench` starts it): a plain `pg` + `node:http` server that
 * runs the same two queries as `GET /api/products?limit=50` and the products page (the page of 50
 * and its exact count, built by `productListQueries`), with no framework, session or ORM. It
 * answers their rows as JSON, or at `/page` as a plain HTML page of the 50 rows (the raw floor of
 * a products page, issue #27). The app's throughput is reported as a ratio of this one's. It runs
 * as many processes as the app (WEB_CONCURRENCY, set by the benchmark for both), so that the
 * ratio compares like with like.
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { productListQueries } from "../app/models/product/product-reads.server";
import { ormConfig } from "../mikro-orm.config";

/** A query builder's statement as pg takes it: its SQL with `$n` placeholders and their values. */
function statement(query: { getQuery(): string; getParams(): readonly unknown[] }) {
  return { text: query.getQuery(), values: [...query.getParams()] };
}

async function serve() {
  // The ORM only builds the two statements (it never connects); pg runs them.
  const orm = await MikroORM.init({ ...ormConfig(String(process.env.DATABASE_URL)), connect: false });
  const queries = productListQueries(
    { sort: "newest", direction: "desc", limit: 50, offset: 0 },
    orm.em.fork(),
  );
  const rows = statement(queries.rows);
  const count = statement(queries.count);
  await orm.close();
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

  createServer(async (req, res) => {
    try {
      const [page, total] = await Promise.all([pool.query(rows), pool.query(count)]);
      if (req.url === "/page") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(htmlPage(page.rows, total));
        return;
      }
      const body = JSON.stringify({ products: page.rows, total: total.rows[0].total });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  }).listen(Number(process.env.PORT), "127.0.0.1");
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** The products page at its plainest: the spec's columns of 50 rows, escaped, and the count. */
function htmlPage(products: Record<string, unknown>[], total: { rows: { total: unknown }[] }) {
  const rows = products
    .map(
      (p) =>
        `<tr><td><a href="/products/${escapeHtml(p.id)}">${escapeHtml(p.name)}</a></td><td>${escapeHtml(p.sku)}</td>` +
        `<td>${escapeHtml(p.brand)}</td><td>${escapeHtml(p.selling_price ?? p.sellingPrice)}</td>` +
        `<td>${escapeHtml(p.margin)}</td><td>${escapeHtml(p.stock_level ?? p.stockLevel)}</td>` +
        `<td>${escapeHtml(p.status)}</td><td><a href="/products/${escapeHtml(p.id)}/edit">Edit</a></td></tr>`,
    )
    .join("");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products</title></head><body>` +
    `<h1>Products</h1><table><thead><tr><th>Product</th><th>SKU</th><th>Brand</th><th>Price</th>` +
    `<th>Margin</th><th>Stock</th><th>Status</th><th>Actions</th></tr></thead><tbody>${rows}</tbody></table>` +
    `<p>Showing ${products.length} of ${escapeHtml(total.rows[0]?.total)} products</p></body></html>`
  );
}

const processes = Number(process.env.WEB_CONCURRENCY) || 1;
const VITE_NODE = "node_modules/vite-node/vite-node.mjs";
if (cluster.isPrimary && processes > 1) {
  // Run through vite-node (the ORM's entities come from the aggregates' declarations, found by
  // Vite): each worker starts this file the same way.
  cluster.setupPrimary({
    exec: VITE_NODE,
    args: ["--config", "scripts/vite-node.config.ts", fileURLToPath(import.meta.url)],
  });
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    process.exit(0);
  });
} else {
  await serve();
}
