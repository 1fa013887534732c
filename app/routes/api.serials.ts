import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/models/product/product-schema";
import { findSerialUnits } from "~/models/serial/serial.server";
import { serialQuerySchema } from "~/models/serial/serial-schema";
import { json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** GET ?q=: the units whose serial or IMEI is q (letter case and spaces around ignored). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/serials");
  const query = serialQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  return json({ units: await findSerialUnits(query.data.q) });
}

export function action(_: ActionFunctionArgs) {
  return json({ message: "Use GET" }, 405, { Allow: "GET, HEAD" });
}
