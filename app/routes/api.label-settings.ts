import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeLabelDefaults, labelDefaults } from "~/models/label/label-setting.server";
import { labelSettingSchema } from "~/models/label/label-setting-schema";
import { json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// GET /api/label-settings: the shop's default shelf-label layout and roll resolution (any role).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/label-settings");
  return json(await labelDefaults());
}

// PUT /api/label-settings: changes it (admins and managers); an unknown layout or resolution is a
// 400 naming the field, and changes nothing.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT")
    return json({ message: "Use PUT to change the default label layout" }, 405, { Allow: "GET, HEAD, PUT" });
  await requireApiUser(request, "PUT /api/label-settings");
  const changed = await changeLabelDefaults(await parseJson(request, labelSettingSchema));
  return changed.ok ? json(changed.defaults) : validationError(changed.error);
}
