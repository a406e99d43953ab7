// The Form editor (templates/inbox/panel/form_editor.html): creates a form through
// POST /api/cms/inbox/forms, or saves the changed values with the fields through
// PUT /api/cms/inbox/forms/<id>; stores the dragged order of fields at once
// (POST .../fields/sorting), puts a field aside (DELETE .../fields/<id>), duplicates and deletes
// the form. Refusals come from the operations and are shown by api.js under their controls.

import { api } from "../../frontdesk/js/api.js";
import { confirmDialog } from "../../frontdesk/js/confirm.js";
import { toast } from "../../frontdesk/js/toast.js";
import { guardUnsaved } from "../../frontdesk/js/unsaved.js";
import { changedValues, projectFieldValues } from "../../frontdesk/js/project-fields.js";
import { setupFields, wholeOrRaw } from "./editor-fields.js";
import { reasonOf } from "./editor-reason.js";

const SWITCHES = ["honeypot", "timestamp", "origin", "rate_limit"];
const SAVED_FLAG = "frontdesk-form-saved";  // a toast to show after the page reloads

function words(text) {
  return text.split(/[\s,;]+/).map((item) => item.trim()).filter(Boolean);
}

/** The form's own values (everything but the fields) as the API takes them. */
function formValues(form) {
  const named = (name) => form.querySelector(`[name="${name}"]`);
  const title = {};
  for (const input of form.querySelectorAll("[name^='title.']")) title[input.name.slice(6)] = input.value.trim();
  const antispam = {};
  for (const key of ["min_seconds", "throttle"]) {
    const value = wholeOrRaw(named(`options.antispam.${key}`).value);
    if (value !== null) antispam[key] = value;
  }
  const origins = words(named("options.antispam.origins").value);
  if (origins.length) antispam.origins = origins;
  for (const key of SWITCHES) {
    if (!named(`options.antispam.${key}`).checked) antispam[key] = false;
  }
  const accounts = [...form.querySelectorAll("[name='options.recipients.accounts']:checked")];
  return {
    slug: named("slug").value.trim(),
    title,
    is_switched_off: named("is_switched_off").checked,
    email_field_name: named("email_field_name").value,
    options: {
      recipients: {
        accounts: accounts.map((box) => Number(box.value)),
        addresses: words(named("options.recipients.addresses").value),
      },
      antispam,
      captcha: named("options.captcha").checked,
    },
    extra: projectFieldValues(form.querySelector("[data-project-fields]")),
  };
}

function changed(now, before) {
  const result = {};
  for (const [key, value] of Object.entries(now)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) result[key] = value;
  }
  return result;
}

function start(form) {
  const text = form.dataset;
  const formId = text.formId;
  const formUrl = formId ? `${text.apiForms}/${formId}` : null;
  const editAddress = (id) => text.editAddress.replace("{id}", id);
  const refusal = form.querySelector("[data-refusal]");
  let guard = null;
  // Set by unsaved.js on input and change only, so during a move it still tells whether the
  // person had made other changes before it.
  const hadEdits = () => form.hasAttribute("data-dirty");

  const fields = setupFields(form, {
    newFieldWord: text.newField,
    async onOrder(ids, allSaved) {
      // A list with fields that are not saved yet keeps its order for the next save.
      if (!formUrl || !allSaved) return;
      const edited = hadEdits();
      try {
        await api.post(`${formUrl}/fields/sorting`, { order: ids.map(Number) });
      } catch {
        return;  // api.js showed why
      }
      if (!edited) guard.markSaved();
    },
    async onPutAside(item) {
      if (!item.dataset.id) {
        fields.remove(item);
        return;
      }
      const confirmed = await confirmDialog({
        title: text.asideTitle, message: text.asideMessage, confirmLabel: text.asideConfirm, danger: true,
      });
      if (!confirmed) return;
      const edited = hadEdits();
      try {
        await api.delete(`${formUrl}/fields/${item.dataset.id}`, { quiet: true });
      } catch (error) {
        toast(reasonOf(error), { kind: "error" });
        return;
      }
      fields.remove(item);
      if (!edited) guard.markSaved();
      toast(text.asideDone, { kind: "success" });
    },
  });
  guard = guardUnsaved(form);
  let saved = formValues(form);

  const storedToast = sessionStorage.getItem(SAVED_FLAG);
  if (storedToast) {
    sessionStorage.removeItem(SAVED_FLAG);
    toast(storedToast, { kind: "success" });
  }

  function refuse(message) {
    refusal.textContent = message;
    refusal.hidden = !message;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    refuse("");
    const values = formValues(form);
    const body = formId ? changed(values, saved) : values;
    // Only the project fields that changed: one stored before a patch tightened its rules
    // is not judged again by a save that leaves it alone.
    if (body.extra) body.extra = changedValues(values.extra, formId ? saved.extra : {});
    body.fields = fields.collect();
    let answer;
    try {
      answer = formId
        ? await api.put(formUrl, body, { form })
        : await api.post(text.apiForms, body, { form });
    } catch {
      fields.openInvalid();
      return;
    }
    if (!formId) {
      guard.release();
      sessionStorage.setItem(SAVED_FLAG, text.created);
      location.assign(editAddress(answer.id));
      return;
    }
    const inPlace = fields.applySaved(answer.fields || []);
    saved = values;
    guard.markSaved();
    // The title, slug and on/off state also show in the frame (forms column, form head).
    if (!inPlace || ["title", "slug", "is_switched_off"].some((key) => key in body)) {
      sessionStorage.setItem(SAVED_FLAG, text.saved);
      location.reload();
      return;
    }
    toast(text.saved, { kind: "success" });
  });

  form.querySelector("[data-duplicate]")?.addEventListener("click", async () => {
    if (guard.isDirty()) {
      const confirmed = await confirmDialog({
        title: text.duplicateTitle, message: text.duplicateMessage, confirmLabel: text.duplicateConfirm,
      });
      if (!confirmed) return;
    }
    let copy;
    try {
      copy = await api.post(`${formUrl}/duplicate`, {});
    } catch {
      return;
    }
    guard.release();
    location.assign(editAddress(copy.id));
  });

  form.querySelector("[data-delete]")?.addEventListener("click", async () => {
    refuse("");
    const confirmed = await confirmDialog({
      title: text.deleteTitle, message: text.deleteMessage, confirmLabel: text.deleteConfirm, danger: true,
    });
    if (!confirmed) return;
    try {
      await api.delete(formUrl, { quiet: true });
    } catch (error) {
      refuse(reasonOf(error));
      refusal.scrollIntoView({ block: "nearest" });
      return;
    }
    guard.release();
    location.assign(text.explorerAddress);
  });
}

const editor = document.getElementById("form-editor");
if (editor) start(editor);
