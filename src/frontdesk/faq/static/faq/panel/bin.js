// The Questions bin (templates/faq/panel/bin.html): Restore takes a question out through
// POST /api/cms/faq/questions/<id>/restore, with its anchor; a refusal is shown in its row.

import { api } from "../../frontdesk/js/api.js";
import { toast } from "../../frontdesk/js/toast.js";

const table = document.querySelector(".faq-bin");
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
