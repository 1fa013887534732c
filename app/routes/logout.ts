import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { destroyUserSession } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

export async function action({ request }: ActionFunctionArgs) {
  return redirectWithToast(
    "/",
    { type: "info", title: "toast.info", description: "toast.signedOut" },
    { headers: { "Set-Cookie": await destroyUserSession(request) } },
  );
}

export function loader() {
  return redirect("/");
}
