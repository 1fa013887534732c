import { useEffect } from "react";

const SUBMIT = 'button[type="submit"], button:not([type]), input[type="submit"]';

/**
 * Leaving a field for the form's submit button does not check the field on blur. A message shown
 * at that moment moves the button down under the pointer between mouse-down and mouse-up, and
 * the click that was on its way is lost; the submit checks every field anyway. conform checks on
 * the document's `focusout`; this listener, earlier in the capture phase, stops just those: while
 * a pointer is pressed on a submit button of the form (the browser may blur the field with no
 * `relatedTarget`), or when focus goes to one (Tab).
 */
export function useSubmitWithoutShift(formId: string) {
  useEffect(() => {
    let pressed: HTMLFormElement | null = null;
    function press(event: PointerEvent) {
      const button = (event.target as Element | null)?.closest?.(SUBMIT) as HTMLButtonElement | null;
      pressed = button?.form?.id === formId ? button.form : null;
    }
    function release() {
      pressed = null;
    }
    function towardSubmit(event: FocusEvent) {
      const form = (event.target as HTMLInputElement | null)?.form;
      if (!form || form.id !== formId) return;
      const next = event.relatedTarget as Element | null;
      const toSubmit = !!next?.matches?.(SUBMIT) && (next as HTMLButtonElement).form === form;
      if (pressed === form || toSubmit) event.stopPropagation();
    }
    document.addEventListener("pointerdown", press, true);
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
    document.addEventListener("focusout", towardSubmit, true);
    return () => {
      document.removeEventListener("pointerdown", press, true);
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
      document.removeEventListener("focusout", towardSubmit, true);
    };
  }, [formId]);
}
