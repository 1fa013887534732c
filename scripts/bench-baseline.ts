/**
 * The benchmark's baseline (`npm run bench` starts it): a plain `pg` + `node:http` server that
 * runs the same two queries as `GET /api/products?limit=50` (the page and its count, built by
 * `productListQueries`) and answers their rows as JSON, with no framework, session or ORM. The
 * app's throughput is reported as a ratio of this one's.
 */
import { createServer } from "node:http";
import pg from "pg";
import { productListQueries } from "../app/models/product/product.server";

/** knex's `?` placeholders as PostgreSQL's `$n`. */
function numbered(query: { sql: string; params: unknown[] }) {
  let n = 0;
  return { text: query.sql.replace(/\?/g, () => `$${++n}`), values: query.params };
}

const queries = productListQueries({ sort: "newest", direction: "desc", limit: 50, offset: 0 });
const rows = numbered(queries.rows);
const count = numbered(queries.count);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

createServer(async (_req, res) => {
  try {
    const [page, total] = await Promise.all([pool.query(rows), pool.query(count)]);
    const body = JSON.stringify({ products: page.rows, total: total.rows[0].total });
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(Number(process.env.PORT), "127.0.0.1");
