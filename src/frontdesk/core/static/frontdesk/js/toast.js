// Toasts: short messages in a live region. Errors stay until dismissed, others fade after a while.
//
//   import { toast } from "./toast.js";
//   toast("Saved.", { kind: "success" });      // kind: "info" | "success" | "error"

import { el, icon } from "./dom.js";
import { t } from "./i18n.js";

const ICONS = { info: "info", success: "check", error: "alert" };

function region(kind) {
  const id = kind === "error" ? "fd-toasts-alert" : "fd-toasts-status";
  let found = document.getElementById(id);
  if (!found) {
    let container = document.querySelector(".fd-toasts");
    if (!container) {
      container = el("div", { class: "fd-toasts" });
      document.body.append(container);
    }
    found = kind === "error"
      ? el("div", { id, role: "alert", "aria-live": "assertive" })
      : el("div", { id, role: "status", "aria-live": "polite" });
    container.append(found);
  }
  return found;
}

export function toast(message, { kind = "info", timeout } = {}) {
  const close = el("button", { type: "button", class: "fd-button fd-button--ghost fd-button--icon fd-button--small", "aria-label": t("close") }, icon("close"));
  const item = el("div", { class: `fd-toast fd-toast--${kind}` }, icon(ICONS[kind] || "info"), el("p", {}, message), close);
  const dismiss = () => item.remove();
  close.addEventListener("click", dismiss);
  region(kind).append(item);
  const delay = timeout ?? (kind === "error" ? 0 : 6000);
  if (delay > 0) {
    let timer = setTimeout(dismiss, delay);
    // Keep it while the pointer or the focus is on it, so it can be read and dismissed.
    item.addEventListener("pointerenter", () => clearTimeout(timer));
    item.addEventListener("focusin", () => clearTimeout(timer));
    item.addEventListener("pointerleave", () => { timer = setTimeout(dismiss, delay); });
  }
  return item;
}
