import type { ButtonHTMLAttributes } from "react";
import { button } from "./Button.css";

export type ButtonVariant = keyof typeof button;

/** Class names for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = "primary", extra?: string) {
  return extra ? `${button[variant]} ${extra}` : button[variant];
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
