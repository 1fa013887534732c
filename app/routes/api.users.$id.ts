import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteUser, findUserById, updateUser } from "~/models/user/user.server";
import { editUserSchema } from "~/models/user/user-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { currentSessionId, requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { userApiRefusal } from "~/web/user/user-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/users/{id}");
  const id = idParam(params.id);
  const user = id ? await findUserById(id) : null;
  return user ? json(user) : userApiRefusal("notFound");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PUT": {
      await requireApiUser(request, "PUT /api/users/{id}");
      if (!id) return userApiRefusal("notFound");
      const result = await updateUser(
        id,
        await parseJson(request, editUserSchema),
        await currentSessionId(request),
      );
      return result.ok ? json(result.user) : userApiRefusal(result.reason);
    }
    case "DELETE": {
      const me = await requireApiUser(request, "DELETE /api/users/{id}");
      if (!id) return userApiRefusal("notFound");
      const result = await deleteUser(id, me.id);
      return result.ok
        ? json({ message: englishText("users:toast.deleted") })
        : userApiRefusal(result.reason);
    }
    default:
      return apiError(405, "Use GET, PUT or DELETE");
  }
}
