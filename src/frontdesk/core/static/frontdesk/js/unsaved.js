// Warns before leaving a form with changes that are not saved: the browser's own question when
// the page unloads (closing the tab, reloading, typing an address), and the panel's confirm
// dialog for links and other forms inside the panel.
//
//   import { guardUnsaved } from "./unsaved.js";
//   const guard = guardUnsaved(form);
//   ... after a successful save: guard.markSaved();

import { confirmDialog } from "./confirm.js";
import { t } from "./i18n.js";

function snapshot(form) {
  const parts = [];
  for (const control of form.elements) {
    if (!control.name || control.type === "submit" || control.type === "button") continue;
    if (control.type === "checkbox" || control.type === "radio") parts.push(`${control.name}=${control.checked}`);
    else if (control instanceof HTMLSelectElement) parts.push(`${control.name}=${[...control.selectedOptions].map((o) => o.value)}`);
    else if (control.type !== "file") parts.push(`${control.name}=${control.value}`);
  }
  return parts.join("\u0000");
}

function leavesPage(link, event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== "_self") return false;
  if (link.hasAttribute("download")) return false;
  const url = new URL(link.href, location.href);
  const samePage = url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
  return !(samePage && url.hash);
}

export function guardUnsaved(form) {
  let saved = snapshot(form);
  let released = false;
  const isDirty = () => !released && snapshot(form) !== saved;
  const update = () => form.toggleAttribute("data-dirty", isDirty());
  form.addEventListener("input", update);
  form.addEventListener("change", update);

  const askToLeave = () => confirmDialog({
    title: t("unsaved.title"),
    message: t("unsaved.message"),
    confirmLabel: t("unsaved.leave"),
    cancelLabel: t("unsaved.stay"),
    danger: true,
  });

  window.addEventListener("beforeunload", (event) => {
    if (!isDirty()) return;
    event.preventDefault();
    event.returnValue = "";  // older browsers need a value to show their question
  });

  document.addEventListener("click", async (event) => {
    const link = event.target.closest?.("a[href]");
    if (!link || !isDirty() || !leavesPage(link, event)) return;
    event.preventDefault();
    if (await askToLeave()) {
      released = true;
      location.assign(link.href);
    }
  });

  document.addEventListener("submit", async (event) => {
    const other = event.target;
    if (other === form || !isDirty() || other.method === "dialog") return;
    event.preventDefault();
    if (await askToLeave()) {
      released = true;
      other.submit();
    }
  });

  // A form sent the ordinary way (no script stopped it) is leaving on purpose. On window, in
  // the bubbling phase, this runs after the page's own submit handlers have had their say.
  window.addEventListener("submit", (event) => {
    if (event.target === form && !event.defaultPrevented) released = true;
  });

  return {
    isDirty,
    markSaved() {
      saved = snapshot(form);
      update();
    },
    release() {
      released = true;
      update();
    },
  };
}
