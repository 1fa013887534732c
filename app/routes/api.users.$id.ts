import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteUser, findUserById, updateUser } from "~/models/user.server";
import { editUserSchema } from "~/models/user-schema";
import { apiError, englishText, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { idParam } from "~/utils/params";
import { userRefusal } from "~/utils/user-form.server";

function refused(reason: Parameters<typeof userRefusal>[0]) {
  const { key, status, field } = userRefusal(reason);
  return apiError(status, englishText(key), field ? { [field]: [englishText(key)] } : undefined);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  const user = id ? await findUserById(id) : null;
  return user ? json(user) : refused("notFound");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PUT": {
      await requireApiUser(request, { permission: "user:manage" });
      if (!id) return refused("notFound");
      const result = await updateUser(id, await parseJson(request, editUserSchema));
      return result.ok ? json(result.user) : refused(result.reason);
    }
    case "DELETE": {
      const me = await requireApiUser(request, { permission: "user:manage" });
      if (!id) return refused("notFound");
      const result = await deleteUser(id, me.id);
      return result.ok ? json({ message: englishText("users:toast.deleted") }) : refused(result.reason);
    }
    default:
      return apiError(405, "Use GET, PUT or DELETE");
  }
}
