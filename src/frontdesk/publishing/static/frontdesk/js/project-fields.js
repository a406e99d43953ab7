// The project-fields card of an editing screen (templates/panel/project_fields/card.html):
// its values as the API takes them, {name: value}, and the names that changed since a save.
// The values are judged by the operations only; a refusal comes back under the field's name.
//
//   import { projectFieldValues, changedValues } from "../../frontdesk/js/project-fields.js";
//   body.extra = changedValues(projectFieldValues(card), saved);

function valueOf(control, type) {
  if (type === "boolean") return control.checked;
  // A number input the browser cannot read has the value "": sent as text, the operation
  // refuses it in its own words rather than taking it for an emptied field.
  if (type === "number" && control.validity?.badInput) return "?";
  const text = control.value.trim();
  if (text === "") return null;
  if (type === "number") return Number(text);
  return text;
}

/** Every field of the card by name: a localized one as {language: text}. */
export function projectFieldValues(card) {
  const values = {};
  for (const item of card?.querySelectorAll("[data-project-field]") || []) {
    const controls = [...item.querySelectorAll("input, textarea, select")];
    values[item.dataset.projectField] = item.dataset.localized === "true"
      ? Object.fromEntries(controls.map((control) => [control.lang, control.value.trim()]))
      : valueOf(controls[0], item.dataset.type);
  }
  return values;
}

/** The names whose value differs between `now` and `before` (a save changes only those). */
export function changedValues(now, before = {}) {
  const result = {};
  for (const [name, value] of Object.entries(now)) {
    if (JSON.stringify(value) !== JSON.stringify(before[name] ?? null)) result[name] = value;
  }
  return result;
}
