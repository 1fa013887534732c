import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import * as s from "./ErrorPage.css";

function ErrorCard({ title, text, link }: { title: string; text: string; link: string }) {
  return (
    <div className={s.page}>
      <div className={s.card}>
        <div className={s.icon}>
          <Icon name="warning" size={40} />
        </div>
        <h1>{title}</h1>
        <p className={s.text}>{text}</p>
        {/* A plain link: the page after an error is loaded afresh. */}
        <a href="/" className={buttonClass("primary")}>
          {link}
        </a>
      </div>
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return <ErrorCard title={t("notFound.title")} text={t("notFound.hint")} link={t("notFound.home")} />;
}

export function ServerError({ title }: { title: string }) {
  const { t } = useTranslation();
  return <ErrorCard title={title} text={t("error.text")} link={t("notFound.home")} />;
}
