// The style guide: wires every component so a person (and the browser tests) can try them.

import { showErrors, clearErrors, formData } from "../api.js";
import { confirmDialog } from "../confirm.js";
import { pickPicture } from "../picture-picker.js";
import { mountRichText } from "../richtext.js";
import { makeSortable } from "../sortable.js";
import { pagedTable } from "../table.js";
import { makeTabs } from "../tabs.js";
import { toast } from "../toast.js";
import { guardUnsaved } from "../unsaved.js";

const page = document.getElementById("design");
const text = (name) => page.dataset[name] || "";

// Colour tokens: each chip shows its custom property (set through the CSSOM, not inline style).
for (const swatch of document.querySelectorAll("[data-swatch]")) {
  const chip = swatch.querySelector(".fd-swatch-chip");
  chip.style.background = `var(--fd-${swatch.dataset.swatch})`;
}

for (const tablist of document.querySelectorAll('[role="tablist"]')) makeTabs(tablist);

// Toasts.
for (const button of document.querySelectorAll("[data-toast]")) {
  button.addEventListener("click", () => toast(button.dataset.message, { kind: button.dataset.toast }));
}

// Confirm dialog.
const confirmButton = document.getElementById("demo-confirm");
const confirmResult = document.getElementById("demo-confirm-result");
confirmButton?.addEventListener("click", async () => {
  const confirmed = await confirmDialog({
    title: confirmButton.dataset.title,
    message: confirmButton.dataset.message,
    confirmLabel: confirmButton.dataset.confirmLabel,
    danger: true,
  });
  confirmResult.textContent = confirmed ? text("confirmed") : text("cancelled");
});

// Sortable list: the order is written out, as a real page would send it to the API.
const sortable = document.getElementById("demo-sortable");
const sortableOrder = document.getElementById("demo-sortable-order");
if (sortable) {
  makeSortable(sortable, { onChange: (ids) => { sortableOrder.textContent = ids.join(", "); } });
}

// API errors shown in a form, as api.js does for a 422 answer (dotted keys included).
const errorForm = document.getElementById("demo-errors");
if (errorForm) {
  guardUnsaved(errorForm);
  errorForm.addEventListener("submit", (event) => {
    event.preventDefault();
    showErrors(errorForm, JSON.parse(document.getElementById("demo-error-body").textContent));
  });
  errorForm.addEventListener("reset", () => clearErrors(errorForm));
}

// A table fed by a loader that answers with the paginator structure, from made-up rows.
const table = document.getElementById("demo-table");
if (table) {
  const rows = Array.from({ length: 53 }, (_, index) => ({
    id: index + 1,
    name: `${text("rowName")} ${index + 1}`,
    active: index % 3 !== 0,
    tags: index % 2 ? ["faq"] : ["inbox", "events"],
  }));
  const load = async ({ page: number, perPage }) => {
    const lastPage = Math.max(1, Math.ceil(rows.length / perPage));
    const current = Math.min(Math.max(1, number), lastPage);
    return {
      rows: rows.slice((current - 1) * perPage, current * perPage),
      current_page: current,
      per_page: perPage,
      total: rows.length,
      last_page: lastPage,
    };
  };
  pagedTable(table, { load, perPage: 10 }).load(1);
}

// Rich text: the editor writes the stored form into its textarea, shown below it.
const richText = document.getElementById("demo-richtext");
const richTextOutput = document.getElementById("demo-richtext-output");
if (richText) {
  const show = () => { richTextOutput.textContent = richText.value; };
  richText.addEventListener("input", show);
  mountRichText(richText);
  show();
}

// The picture picker on its own: the chosen key and alt text.
const pick = document.getElementById("demo-pick");
const pickResult = document.getElementById("demo-pick-result");
pick?.addEventListener("click", async () => {
  const chosen = await pickPicture();
  pickResult.textContent = chosen ? `${chosen.key} (${chosen.alt || "—"})` : text("cancelled");
});

// The gallery control (pictures: gallery-field.js, mounted when imported): what formData() sends.
const galleryForm = document.getElementById("demo-gallery-form");
if (galleryForm) {
  galleryForm.addEventListener("change", () => {
    document.getElementById("demo-gallery-output").textContent = JSON.stringify(formData(galleryForm).photos);
  });
}
