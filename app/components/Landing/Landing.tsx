import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Icon, type IconName } from "~/components/Icon/Icon";
import * as s from "./Landing.css";

const FEATURES: { key: string; icon: IconName }[] = [
  { key: "products", icon: "products" },
  { key: "margins", icon: "calculator" },
  { key: "reports", icon: "chart" },
];

/** The public front page: what the product does, and the way in. */
export function Landing() {
  const { t } = useTranslation();
  return (
    <div className={s.landing}>
      <header className={s.hero}>
        <span className={s.logo}>
          <Icon name="zap" size={30} />
        </span>
        <p className={s.brand}>{t("app.name")}</p>
        <h1 className={s.headline}>{t("landing.headline")}</h1>
        <p className={s.lead}>{t("landing.lead")}</p>
        <Link to="/login" className={buttonClass("primary", s.cta)}>
          {t("landing.signIn")}
        </Link>
      </header>
      <div className={s.features}>
        {FEATURES.map((feature) => (
          <Card key={feature.key}>
            <span className={s.featureIcon}>
              <Icon name={feature.icon} size={22} />
            </span>
            <h2 className={s.featureTitle}>{t(`landing.features.${feature.key}.title`)}</h2>
            <p className={s.featureText}>{t(`landing.features.${feature.key}.text`)}</p>
          </Card>
        ))}
      </div>
    </div>
  );
}
