import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18next.server";
import { rememberLanguage } from "~/models/user/user.server";
import { getUser, safeRedirect } from "~/web/auth.server";
import { readForm } from "~/web/form.server";

// Sets the interface language (a cookie) and goes back where the form was.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = form.get("language");
  const to = safeRedirect(form.get("redirectTo"));
  if (!isLanguage(language)) return redirect(to);
  const user = await getUser(request);
  if (user) await rememberLanguage(user.id, language);
  return redirect(to, { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
}

export function loader() {
  return redirect("/");
}
