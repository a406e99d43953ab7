// The Inbox frame on every Inbox page: the Forms button of narrow screens (opens and closes the
// forms column), the forms' dragged order (inbox.manage only), and the message a change left.

import { api } from "/static/frontdesk/js/api.js";
import { makeSortable } from "/static/frontdesk/js/sortable.js";
import { showFlash } from "./flash.js";

function wireFormsButton() {
  const button = document.querySelector("[data-forms-button]");
  const column = button && document.getElementById(button.getAttribute("aria-controls"));
  if (!column) return;
  const setOpen = (open) => {
    column.classList.toggle("is-open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    setOpen(open);
    if (open) (column.querySelector("a[aria-current]") || column.querySelector("a"))?.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    const inside = column.contains(document.activeElement);
    setOpen(false);
    if (inside) button.focus();
  });
  // Past the breakpoint the column shows anyway; start closed when the window narrows again.
  window.matchMedia("(max-width: 640px)").addEventListener("change", () => setOpen(false));
}

function wireFormOrder() {
  const list = document.querySelector("[data-sortable-forms]");
  if (!list) return;
  makeSortable(list, {
    onChange: (ids) => api.post(list.dataset.sortUrl, { order: ids.map(Number) }).catch(() => {}),
  });
}

wireFormsButton();
wireFormOrder();
showFlash();
