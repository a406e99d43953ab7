// The Questions screen (templates/faq/panel/questions.html).
//
// The list: a chosen category in the filter sends the filter form at once; with faq.manage and no
// words the list is sortable (frontdesk/js/sortable.js: drag, arrow buttons, Alt+Arrow keys) and
// each finished move is stored through POST <api>/reorder {ids, category} (the chosen category's
// order, or the whole list's without one). While words narrow the list the page prints no order
// controls at all.
//
// The editor: Save or Ctrl/⌘+S sends {"values": ...} through POST <api> (a new question, then the
// page moves to its editor) or PUT <api>/<id>; a refusal comes back under the value's name (api.js
// shows it there). Switching question or leaving with changes asks first (frontdesk/js/unsaved.js).
// "Put in the bin" is DELETE <api>/<id>; "Copy link" copies the anchor as a fragment.

import { api } from "../../frontdesk/js/api.js";
import { confirmDialog } from "../../frontdesk/js/confirm.js";
import { el } from "../../frontdesk/js/dom.js";
import { changedValues, projectFieldValues } from "../../frontdesk/js/project-fields.js";
import { mountRichText } from "../../frontdesk/js/richtext.js";
import { makeSortable } from "../../frontdesk/js/sortable.js";
import { toast } from "../../frontdesk/js/toast.js";
import { guardUnsaved } from "../../frontdesk/js/unsaved.js";

function startFilters(filters) {
  filters.elements.category.addEventListener("change", () => filters.requestSubmit());
  // An empty filter leaves the address: ?category=3, not ?category=3&q=.
  filters.addEventListener("formdata", (event) => {
    for (const [key, value] of [...event.formData]) if (!value) event.formData.delete(key);
  });
}

function startOrder(list) {
  const category = list.dataset.category ? Number(list.dataset.category) : null;
  makeSortable(list, {
    label: (item) => item.dataset.label,
    onChange: async (ids) => {
      try {
        await api.post(`${list.dataset.api}/reorder`, { ids: ids.map(Number), category });
        toast(list.dataset.orderSaved, { kind: "success" });
      } catch {
        // api.js showed why; the stored order is the page's on reload
      }
    },
  });
}

function texts(form, name) {
  const value = {};
  for (const input of form.querySelectorAll(`[name^='${name}.']`)) value[input.lang] = input.value.trim();
  return value;
}

function chips(codes, words) {
  if (!codes.length) return [el("span", { class: "fd-small fd-muted" }, words.nowhere)];
  return codes.map((code) => el("span", { class: "fd-badge faq-chip", lang: code }, code.toUpperCase()));
}

/** The list's row of the saved question shows what it now is (text, published, languages). */
function refreshRow(row, words) {
  const item = document.querySelector(`#faq-list > li[data-id='${row.id}']`);
  if (!item) return;
  item.dataset.label = row.question_text;
  const link = item.querySelector(".faq-row-link");
  if (link) link.textContent = row.question_text;
  const badge = item.querySelector("[data-published]");
  if (badge) {
    badge.textContent = row.published ? words.published : words.unpublished;
    badge.className = `fd-badge fd-badge--${row.published ? "success" : "warning"}`;
  }
  const languages = item.querySelector("[data-visible-in]");
  if (languages) languages.replaceChildren(languages.firstElementChild, ...chips(row.visible_in, words).flatMap((chip) => [" ", chip]));
  const heading = document.getElementById("faq-editor-heading");
  if (heading) heading.textContent = row.question_text;
}

async function copyAnchor(form) {
  const input = document.getElementById("faq-anchor");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    // Without the clipboard API (a plain-http address): the text is selected for Ctrl/⌘+C.
    input.select();
    return;
  }
  toast(form.dataset.copied, { kind: "success" });
}

function startEditor(form) {
  const words = form.dataset;
  const { id } = words;
  // The rich text editors first: each writes its stored form back into its textarea, which the
  // unsaved-changes guard then takes as the saved state.
  for (const area of form.querySelectorAll("textarea[data-richtext]")) mountRichText(area, { language: area.lang });
  const guard = guardUnsaved(form);
  const card = form.querySelector("[data-project-fields]");
  let extra = projectFieldValues(card);

  async function save() {
    const values = {
      question: texts(form, "question"),
      answer: texts(form, "answer"),
      categories: [...form.querySelectorAll("[name='categories']:checked")].map((box) => Number(box.value)),
      published: form.elements.published.checked,
    };
    const changed = changedValues(projectFieldValues(card), extra);
    if (Object.keys(changed).length) values.extra = changed;
    let answer;
    try {
      answer = id ? await api.put(`${words.api}/${id}`, { values }, { form })
        : await api.post(words.api, { values }, { form });
    } catch {
      return;  // api.js showed why
    }
    extra = projectFieldValues(card);
    guard.markSaved();
    if (!id) {
      location.assign(words.editAddress.replace("{id}", answer.question.id));
      return;
    }
    refreshRow(answer.question, words);
    toast(words.saved, { kind: "success" });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save();
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      save();
    }
  });
  form.querySelector("[data-bin]")?.addEventListener("click", async () => {
    const confirmed = await confirmDialog({
      title: words.deleteTitle, message: words.deleteMessage, confirmLabel: words.deleteConfirm, danger: true,
    });
    if (!confirmed) return;
    try {
      await api.delete(`${words.api}/${id}`);
    } catch {
      return;
    }
    guard.release();
    toast(words.binned, { kind: "success" });
    location.assign(words.listAddress);
  });
}

const filters = document.querySelector("[data-filters]");
if (filters) startFilters(filters);
const list = document.querySelector("#faq-list[data-sortable]");
if (list) startOrder(list);
const form = document.getElementById("faq-editor");
// A viewer's editor has no Save button: only the copy button works there.
if (form?.querySelector("button[type='submit']")) startEditor(form);
form?.querySelector("[data-copy-anchor]")?.addEventListener("click", () => copyAnchor(form));
