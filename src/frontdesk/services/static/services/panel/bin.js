// The Services bin (templates/services/panel/bin.html): Restore takes a service out through
// POST /api/cms/services/<id>/restore; a refusal (its address was taken meanwhile) is shown in
// its row.

import { api } from "../../frontdesk/js/api.js";
import { toast } from "../../frontdesk/js/toast.js";

const table = document.querySelector(".services-bin");
if (table) {
  table.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-restore]");
    if (!button) return;
    const row = button.closest("tr");
    const refusal = row.querySelector("[data-refusal]");
    refusal.hidden = true;
    try {
      await api.post(`${table.dataset.api}/${row.dataset.id}/restore`, undefined, { quiet: true });
    } catch (error) {
      const errors = Object.values(error.body?.errors || {}).flat();
      refusal.textContent = errors.join(" ") || error.message;
      refusal.hidden = false;
      return;
    }
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    (next?.querySelector("button") || document.querySelector("h1")).focus?.();
    toast(table.dataset.restored, { kind: "success" });
  });
}
