import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Dashboard } from "~/components/Dashboard/Dashboard";
import { Landing } from "~/components/Landing/Landing";
import { LocationFilter } from "~/components/LocationFilter/LocationFilter";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Shell } from "~/components/Shell/Shell";
import { env } from "~/infra/env.server";
import { dismissAlert, listAlerts } from "~/models/alert/alert.server";
import {
  getDashboardStats,
  inventoryValueByRootCategory,
  marginDistribution,
} from "~/models/dashboard/dashboard.server";
import { countQueuedLabels } from "~/models/label/label-queue.server";
import { listLatestProducts } from "~/models/product/product-reads.server";
import { can } from "~/models/user/permissions";
import { getUser, requireUser, safeRedirect } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam } from "~/web/params";
import type { RootData } from "~/web/root-loader.server";
import { readLocationFilter } from "~/web/stock/location-filter.server";
import { redirectWithToast } from "~/web/toast.server";

export const handle = {
  i18n: ["common", "dashboard", "products"],
  // A visitor's landing page is plain HTML with a link to /login; the dashboard hydrates.
  hydrate: (data: unknown) => Boolean((data as { dashboard?: unknown } | null)?.dashboard),
};

// "/" is the landing page for visitors and the dashboard for signed-in staff.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return { dashboard: null };
  // The stock cards of one location (issue #32), or of all (none, the default).
  const place = await readLocationFilter(new URL(request.url).searchParams, "/");
  const [stats, recent, alerts, byCategory, margins, labelsOutOfDate] = await Promise.all([
    getDashboardStats(place.locationId),
    listLatestProducts(5),
    listAlerts({ isRead: false, limit: 20 }),
    inventoryValueByRootCategory(),
    marginDistribution(),
    countQueuedLabels(),
  ]);
  return {
    dashboard: {
      stats,
      recent,
      alerts,
      byCategory,
      margins,
      labelsOutOfDate,
      vatRate: env().VAT_RATE,
      canEdit: can(user.role, "product:write"),
      locationId: place.locationId,
      locations: place.locations,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"));
  switch (form.get("intent")) {
    case "dismiss-alert": {
      const id = idParam(String(form.get("alertId") ?? ""));
      if (id && (await dismissAlert(id))) return redirect(back);
      return redirectWithToast(back, {
        type: "error",
        title: "toast.error",
        description: "dashboard:alerts.dismissFailed",
      });
    }
    default:
      throw data({ message: "Unknown intent" }, { status: 400 });
  }
}

export const meta: MetaFunction = () => [{ title: "VoltStock" }];

export default function Index() {
  const root = useRouteLoaderData<RootData>("root");
  const { dashboard } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  if (!root?.user || !dashboard) return <Landing />;
  return (
    <Shell user={root.user} unreadAlerts={root.unreadAlerts}>
      <PageHeader title={t("title")} lead={t("welcome")} />
      <LocationFilter locations={dashboard.locations} locationId={dashboard.locationId} />
      <Dashboard data={dashboard} />
    </Shell>
  );
}
