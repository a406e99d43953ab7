// The service editor (templates/services/panel/editor.html): the description's rich text editors,
// the cover's picture field (frontdesk/js/picture-field.js, loaded by its template) and the SEO
// card. Save sends the values as they stand
// through POST /api/cms/services (a new service, then the page moves to its editor) or
// PUT /api/cms/services/<id>; Ctrl/⌘+S saves too. A refusal comes back under the value's name
// (api.js shows it there). Delete puts the service in the bin and goes back to the list.

import { api } from "../../frontdesk/js/api.js";
import { confirmDialog } from "../../frontdesk/js/confirm.js";
import { changedValues, projectFieldValues } from "../../frontdesk/js/project-fields.js";
import { mountRichText } from "../../frontdesk/js/richtext.js";
import { seoCardValues } from "../../frontdesk/js/seo-card.js";
import { toast } from "../../frontdesk/js/toast.js";
import { guardUnsaved } from "../../frontdesk/js/unsaved.js";

const form = document.getElementById("services-editor");

function texts(name) {
  const value = {};
  for (const input of form.querySelectorAll(`[name^='${name}.']`)) value[input.lang] = input.value.trim();
  return value;
}

function savedExtra() {
  const element = document.getElementById("services-extra");
  try {
    return JSON.parse(element?.textContent || "null") || {};
  } catch {
    return {};
  }
}

if (form) {
  // The rich text editors first: each writes its stored form back into its textarea, which the
  // unsaved-changes guard then takes as the saved state.
  for (const area of form.querySelectorAll("textarea[data-richtext]")) mountRichText(area);
  const guard = guardUnsaved(form);
  let extra = savedExtra();
  const { id } = form.dataset;

  async function save() {
    const body = {
      title: texts("title"),
      slug: texts("slug"),
      lead: texts("lead"),
      cover: form.elements.cover.value || null,
      description: texts("description"),
      seo: seoCardValues(form.querySelector("[data-seo-card]")),
      is_visible: form.elements.is_visible.checked,
    };
    const changed = changedValues(projectFieldValues(form.querySelector("[data-project-fields]")), extra);
    if (Object.keys(changed).length) body.extra = changed;
    let service;
    try {
      service = id ? await api.put(`${form.dataset.api}/${id}`, body, { form })
        : await api.post(form.dataset.api, body, { form });
    } catch {
      return;  // api.js showed why
    }
    extra = service.extra;
    guard.markSaved();
    if (!id) {
      location.assign(form.dataset.editAddress.replace("{id}", service.id));
      return;
    }
    toast(form.dataset.saved, { kind: "success" });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save();
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      save();
    }
  });
  form.querySelector("[data-bin]")?.addEventListener("click", async () => {
    const confirmed = await confirmDialog({
      title: form.dataset.deleteTitle, message: form.dataset.deleteMessage,
      confirmLabel: form.dataset.deleteConfirm, danger: true,
    });
    if (!confirmed) return;
    try {
      await api.delete(`${form.dataset.api}/${id}`);
    } catch {
      return;
    }
    guard.markSaved();
    toast(form.dataset.binned, { kind: "success" });
    location.assign(form.dataset.listAddress);
  });
}
