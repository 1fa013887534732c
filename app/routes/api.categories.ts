import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCategory, listCategories } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { categoryRefusal } from "~/web/category/category-api.server";

/** GET: every category in tree order (parents first) with parentName, depth and productCount. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/categories");
  return json(await listCategories());
}

/** POST { name, description?, parentId? }: 201 with the category; 400 for bad input or an unknown parent. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return json({ message: "Use GET or POST" }, 405, { Allow: "GET, HEAD, POST" });
  }
  await requireApiUser(request, "POST /api/categories");
  const result = await createCategory(await parseJson(request, categorySchema));
  return result.ok ? json(result.category, 201) : categoryRefusal(result.reason);
}
