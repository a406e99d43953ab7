// A confirm dialog on a native <dialog>: focus is trapped, Escape cancels, focus returns after.
//
//   import { confirmDialog } from "./confirm.js";
//   if (await confirmDialog({ title: "Delete the form?", message: "Its submissions stay.",
//                             confirmLabel: "Delete", danger: true })) { ... }

import { el } from "./dom.js";
import { t } from "./i18n.js";

function dialogElement() {
  let dialog = document.getElementById("fd-confirm");
  if (!dialog) {
    dialog = el("dialog", { id: "fd-confirm", class: "fd-dialog", "aria-labelledby": "fd-confirm-title", "aria-describedby": "fd-confirm-message" },
      el("form", { method: "dialog" },
        el("h2", { id: "fd-confirm-title" }),
        el("p", { id: "fd-confirm-message" }),
        el("div", { class: "fd-actions" },
          el("button", { type: "submit", class: "fd-button", value: "cancel", "data-dialog-cancel": true }),
          el("button", { type: "submit", class: "fd-button fd-button--primary", value: "confirm", "data-dialog-confirm": true }))));
    document.body.append(dialog);
  }
  return dialog;
}

export function confirmDialog({ title, message = "", confirmLabel, cancelLabel, danger = false } = {}) {
  const dialog = dialogElement();
  const confirmButton = dialog.querySelector("[data-dialog-confirm]");
  const cancelButton = dialog.querySelector("[data-dialog-cancel]");
  dialog.querySelector("#fd-confirm-title").textContent = title || t("confirm.title");
  const text = dialog.querySelector("#fd-confirm-message");
  text.textContent = message;
  text.hidden = !message;
  confirmButton.textContent = confirmLabel || t("confirm.ok");
  cancelButton.textContent = cancelLabel || t("confirm.cancel");
  confirmButton.classList.toggle("fd-button--danger", danger);
  confirmButton.classList.toggle("fd-button--primary", !danger);
  const opener = document.activeElement;

  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
      resolve(dialog.returnValue === "confirm");
    }, { once: true });
    dialog.returnValue = "";
    dialog.showModal();
    // A harmful action starts on "Cancel"; a harmless one on the action itself.
    (danger ? cancelButton : confirmButton).focus();
  });
}
