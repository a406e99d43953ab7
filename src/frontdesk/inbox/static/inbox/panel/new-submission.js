// New submission: the form's answers posted to POST /api/cms/inbox/forms/<id>/submissions as
// {answers: {<machine name>: text or [texts]}, language}. Controls are named fields.<name>,
// the keys of the API's 422 answer, so api.js shows each message above its control.
// On success the new submission's screen opens.

import { api } from "/static/frontdesk/js/api.js";
import { guardUnsaved } from "/static/frontdesk/js/unsaved.js";

const PREFIX = "fields.";

function answers(form) {
  const result = {};
  for (const control of form.querySelectorAll(`[name^="${PREFIX}"]`)) {
    const name = control.name.slice(PREFIX.length);
    if (control.type === "checkbox" && control.dataset.answer === "consent") {
      result[name] = control.checked ? "on" : "";
    } else if (control.type === "checkbox") {
      result[name] ??= [];
      if (control.checked) result[name].push(control.value);
    } else if (control.type === "radio") {
      if (control.checked || !(name in result)) result[name] = control.checked ? control.value : "";
    } else {
      result[name] = control.value;
    }
  }
  return result;
}

const form = document.querySelector("[data-new-submission]");
if (form) {
  const guard = guardUnsaved(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let created;
    try {
      created = await api.post(form.dataset.url,
        { answers: answers(form), language: form.elements.namedItem("language").value }, { form });
    } catch {
      return;
    }
    guard.markSaved();
    location.assign(`${form.dataset.detail}${created.id}/`);
  });
}
