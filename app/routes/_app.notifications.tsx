import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const meta = pageTitle("nav.notifications");

export default function Screen() {
  return <Placeholder title="pages.notifications" />;
}
