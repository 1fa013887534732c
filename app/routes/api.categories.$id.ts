import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCategory, getCategory, updateCategory } from "~/models/category/category.server";
import { categoryPatchSchema } from "~/models/category/category-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { categoryRefusal } from "~/web/category/category-api.server";
import { idParam } from "~/web/params";

const notFound = () => apiError(404, "Category not found");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/categories/{id}");
  const id = idParam(params.id);
  const category = id ? await getCategory(id) : null;
  return category ? json(category) : notFound();
}

/**
 * PATCH: a partial update; fields left out keep their value, `parentId: null` makes it a root.
 * A parent that is the category itself or one of its subcategories is a conflict with the tree,
 * not malformed input: 409, like a stale `version`. An unknown parent is 400.
 * DELETE: 200 { message }; 409 { message } while it has subcategories or products.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, "PATCH /api/categories/{id}");
      if (!id) return notFound();
      const result = await updateCategory(id, await parseJson(request, categoryPatchSchema));
      return result.ok ? json(result.category) : categoryRefusal(result.reason);
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/categories/{id}");
      if (!id) return notFound();
      const result = await deleteCategory(id);
      return result.ok
        ? json({ message: englishText("categories:toast.deleted") })
        : categoryRefusal(result.reason);
    }
    default:
      return json({ message: "Use GET, PATCH or DELETE" }, 405, { Allow: "GET, HEAD, PATCH, DELETE" });
  }
}
