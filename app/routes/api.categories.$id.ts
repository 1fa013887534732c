import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCategory, getCategory, updateCategory } from "~/models/category.server";
import { categoryPatchSchema } from "~/models/category-schema";
import { apiError, englishText, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { categoryRefusal } from "~/utils/category-api.server";
import { idParam } from "~/utils/params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const id = idParam(params.id);
  const category = id ? await getCategory(id) : null;
  return category ? json(category) : apiError(404, "Category not found");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, { permission: "category:write" });
      if (!id) return apiError(404, "Category not found");
      const result = await updateCategory(id, await parseJson(request, categoryPatchSchema));
      return result.ok ? json(result.category) : categoryRefusal(result.reason);
    }
    case "DELETE": {
      await requireApiUser(request, { permission: "category:delete" });
      if (!id) return apiError(404, "Category not found");
      const result = await deleteCategory(id);
      return result.ok
        ? json({ message: englishText("categories:toast.deleted") })
        : categoryRefusal(result.reason);
    }
    default:
      return apiError(405, "Use GET, PATCH or DELETE");
  }
}
