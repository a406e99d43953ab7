// The list of a form's submissions: choosing rows (one by one or all on the page) and changing
// the chosen ones at once (a status, or deletion behind the confirm dialog) through
// POST /api/cms/inbox/submissions/mass; then the same address is loaded again.

import { api } from "/static/frontdesk/js/api.js";
import { confirmDialog } from "/static/frontdesk/js/confirm.js";
import { toast } from "/static/frontdesk/js/toast.js";
import { fill, flash } from "./flash.js";

// Back from a submission may show this page from the browser's memory, with the row it just
// read still marked unread: load it afresh instead.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) location.reload();
});

const mass = document.querySelector("[data-mass]");
const all = document.querySelector("[data-choose-all]");
const boxes = () => [...document.querySelectorAll("[data-choose]")];
const chosen = () => boxes().filter((box) => box.checked).map((box) => Number(box.value));

function update() {
  const count = chosen().length;
  const total = boxes().length;
  if (mass) mass.querySelector("[data-mass-count]").textContent = fill(mass.dataset.chosen, { count });
  if (all) {
    all.checked = total > 0 && count === total;
    all.indeterminate = count > 0 && count < total;
  }
  for (const box of boxes()) box.closest("tr")?.classList.toggle("is-chosen", box.checked);
}

async function change(body, done) {
  try {
    await api.post(mass.dataset.url, { form: Number(mass.dataset.form), ids: chosen(), ...body });
  } catch {
    return;  // api.js showed why
  }
  flash(done);
  location.reload();
}

if (mass) {
  all?.addEventListener("change", () => {
    for (const box of boxes()) box.checked = all.checked;
    update();
  });
  document.addEventListener("change", (event) => {
    if (event.target.matches?.("[data-choose]")) update();
  });

  mass.addEventListener("submit", (event) => {
    event.preventDefault();
    const status = mass.elements.namedItem("status").value;
    if (!chosen().length) return toast(mass.dataset.none, { kind: "info" });
    if (!status) return toast(mass.dataset.noStatus, { kind: "info" });
    return change({ status: Number(status) }, mass.dataset.doneStatus);
  });

  mass.querySelector("[data-mass-delete]").addEventListener("click", async () => {
    const count = chosen().length;
    if (!count) return toast(mass.dataset.none, { kind: "info" });
    const sure = await confirmDialog({
      title: mass.dataset.confirmTitle,
      message: fill(mass.dataset.confirmMessage, { count }),
      confirmLabel: mass.dataset.confirmLabel,
      danger: true,
    });
    if (sure) await change({ delete: true }, mass.dataset.doneDelete);
    return undefined;
  });
  // A page loaded again (after a change, or by the visitor) starts with nothing chosen: browsers
  // would put back the boxes ticked before, and autocomplete="off", which said no, is not valid
  // on a checkbox.
  for (const box of [all, ...boxes()]) if (box) box.checked = false;
  update();
}
