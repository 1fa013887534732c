import { useTranslation } from "react-i18next";
import { Card } from "./Card/Card";
import { PageHeader } from "./PageHeader/PageHeader";

/** A screen that has its route, title and guard, and whose content comes in a later issue. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(title)} />
      <Card>
        <p>{t("pages.comingSoon")}</p>
      </Card>
    </>
  );
}
