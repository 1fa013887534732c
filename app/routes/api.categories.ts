import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCategory, listCategories } from "~/models/category.server";
import { categorySchema } from "~/models/category-schema";
import { apiError, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { categoryRefusal } from "~/utils/category-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json(await listCategories());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a category");
  await requireApiUser(request, { permission: "category:write" });
  const result = await createCategory(await parseJson(request, categorySchema));
  return result.ok ? json(result.category, 201) : categoryRefusal(result.reason);
}
