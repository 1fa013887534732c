import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Landing } from "~/components/Landing/Landing";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Shell } from "~/components/Shell/Shell";
import type { RootData } from "~/root";
import { getUser } from "~/utils/auth.server";

export const handle = { i18n: ["common"] };

// "/" is the landing page for visitors and the dashboard for signed-in staff.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return { signedIn: !!user };
}

export const meta: MetaFunction = () => [{ title: "VoltStock" }];

export default function Index() {
  const root = useRouteLoaderData<RootData>("root");
  if (!root?.user) return <Landing />;
  return (
    <Shell user={root.user} unreadAlerts={root.unreadAlerts}>
      <Dashboard />
    </Shell>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  return <PageHeader title={t("dashboard.title")} lead={t("dashboard.welcome")} />;
}
