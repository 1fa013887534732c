import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const meta: MetaFunction = () => [{ title: "Margin Calculator · VoltStock" }];

export default function Screen() {
  return <Placeholder title="pages.marginCalculator" />;
}
