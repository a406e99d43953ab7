// A module's Bin tab: every table marked data-bin-table lists rows in the bin, each with a
// Restore button. Restore posts to <data-api>/<row id>/restore; a refusal (an address taken
// meanwhile, an owner's reason) is shown in the row's [data-refusal], a success removes the row,
// keeps the focus near it and says data-restored.

import { api } from "./api.js";
import { toast } from "./toast.js";

for (const table of document.querySelectorAll("table[data-bin-table]")) {
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
      refusal.textContent = errors.join(" ") || error.body?.message || error.message;
      refusal.hidden = false;
      return;
    }
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    (next?.querySelector("button") || document.querySelector("h1")).focus?.();
    toast(table.dataset.restored, { kind: "success" });
  });
}
