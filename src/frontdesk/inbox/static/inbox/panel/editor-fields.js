// The Form editor's list of fields: add, open and close, reorder (core sortable.js), the rule
// controls that fit each type, choices, and the `fields` list the API takes (FieldIn).
//
// Control names follow the position in the list ("fields.2.machine_name"), the index the editor
// sends, so the API's error keys land on the right control. Which rules a type takes is read from
// the type <option> (data-choices, data-length), printed from inbox/field_types.py.

import { makeSortable } from "../../frontdesk/js/sortable.js";
import { t } from "../../frontdesk/js/i18n.js";

let counter = 0;
const fresh = (prefix) => `${prefix}-new-${++counter}`;

function fromTemplate(id, replacements) {
  let html = document.getElementById(id).innerHTML;
  for (const [slot, value] of Object.entries(replacements)) html = html.replaceAll(slot, value);
  const holder = document.createElement("template");
  holder.innerHTML = html.trim();
  return holder.content.firstElementChild;
}

function typeOf(item) {
  const select = item.querySelector("[data-key='type']");
  const option = select.selectedOptions[0];
  return {
    key: select.value,
    label: option.textContent.trim(),
    choices: option.hasAttribute("data-choices"),
    length: option.hasAttribute("data-length"),
  };
}

const control = (item, key) => item.querySelector(`[data-key="${key}"]`);

function texts(scope, attribute, prefix) {
  const result = {};
  for (const input of scope.querySelectorAll(`[${attribute}^="${prefix}."]`)) {
    result[input.getAttribute(attribute).slice(prefix.length + 1)] = input.value.trim();
  }
  return result;
}

/** A whole number as a number; anything else as typed, for the API to judge; empty as null. */
export function wholeOrRaw(text) {
  const raw = text.trim();
  if (raw === "") return null;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** The item's name in the list: its label (in the panel's language first), else its machine
 * name, else "New field". */
function titleOf(item, fallback) {
  const labels = texts(item, "data-key", "label");
  const label = labels[document.documentElement.lang.split("-")[0]] || Object.values(labels).find(Boolean);
  return label || control(item, "machine_name").value.trim() || item.dataset.name || fallback;
}

/** The field's name as the site knows it (machine name, or f<id> for a saved field without one). */
export function nameOf(item) {
  return control(item, "machine_name").value.trim() || item.dataset.name || "";
}

export function setupFields(form, { newFieldWord, onOrder = () => {}, onPutAside = () => {} } = {}) {
  const list = form.querySelector("#inbox-editor-fields");
  const empty = form.querySelector("[data-fields-empty]");
  const emailSelect = form.querySelector("[data-email-select]");
  const items = () => [...list.children].filter((child) => child.matches("li.inbox-editor-field"));

  function reindex() {
    items().forEach((item, index) => {
      for (const input of item.querySelectorAll("[data-key]")) input.name = `fields.${index}.${input.dataset.key}`;
      for (const input of item.querySelectorAll("[data-key][data-error-key]")) {
        input.dataset.errorKey = input.dataset.errorKey.replace(/^fields\.[^.]+\./, `fields.${index}.`);
      }
      item.querySelectorAll("[data-choice-row]").forEach((row, number) => {
        for (const input of row.querySelectorAll("[data-choice]")) {
          input.name = `fields.${index}.choices.${number}.${input.dataset.choice}`;
        }
        const value = row.querySelector("[data-choice='value']");
        if (number === 0) value.dataset.errorKey = `fields.${index}.choices`;
        else delete value.dataset.errorKey;
      });
    });
    empty.hidden = items().length > 0;
  }

  function describe(item) {
    const type = typeOf(item);
    const title = titleOf(item, newFieldWord);
    item.dataset.label = title;
    item.querySelector("[data-title]").textContent = title;
    item.querySelector("[data-type-label]").textContent = type.label;
    const name = nameOf(item);
    item.querySelector("[data-name-label]").textContent = name;
    item.querySelector("[data-name-part]").hidden = !name;
    item.querySelector("[data-required-label]").hidden = !control(item, "required").checked;
    // The move buttons are named after the item (sortable.js names them once).
    for (const [direction, key] of [["up", "sortable.up"], ["down", "sortable.down"]]) {
      const button = item.querySelector(`:scope > .fd-sortable-controls [data-move='${direction}']`);
      if (!button) continue;
      button.setAttribute("aria-label", t(key, { item: title }));
      button.title = t(key, { item: title });
    }
  }

  function showRules(item) {
    const type = typeOf(item);
    const shown = { choices: type.choices, length: type.length, date: type.key === "date", file: type.key === "file" };
    for (const group of item.querySelectorAll("[data-rules]")) group.hidden = !shown[group.dataset.rules];
  }

  /** The e-mail field select lists the form's e-mail fields; the choice follows a renamed field. */
  function refreshEmailChoices() {
    const chosen = emailSelect.selectedOptions[0];
    const chosenUid = chosen?.dataset.uid;
    const chosenName = emailSelect.value || emailSelect.dataset.current;
    const keep = emailSelect.options[0];
    emailSelect.replaceChildren(keep);
    for (const item of items()) {
      const name = nameOf(item);
      if (typeOf(item).key !== "email" || !name) continue;
      const option = new Option(`${titleOf(item, newFieldWord)} (${name})`, name);
      option.dataset.uid = item.dataset.uid;
      option.selected = chosenUid ? chosenUid === item.dataset.uid : chosenName === name;
      emailSelect.append(option);
    }
    if (!emailSelect.selectedOptions.length) keep.selected = true;
    emailSelect.dataset.current = "";
  }

  function toggle(item, open) {
    const button = item.querySelector("[data-toggle]");
    const body = item.querySelector(".inbox-editor-field-body");
    const wanted = open ?? button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(wanted));
    body.hidden = !wanted;
  }

  function addChoice(item, focus = true) {
    const index = items().indexOf(item);
    const row = fromTemplate("inbox-editor-blank-choice", {
      __uid__: item.dataset.uid,
      __index__: String(index),
      __choice__: fresh("c"),
    });
    item.querySelector("[data-choice-list]").append(row);
    reindex();
    if (focus) row.querySelector("[data-choice='value']").focus();
  }

  function removeChoice(row) {
    const item = row.closest("li.inbox-editor-field");
    const rows = [...item.querySelectorAll("[data-choice-row]")];
    if (rows.length === 1) {
      // The last row stays to be filled in; removing it empties it.
      for (const input of row.querySelectorAll("input")) input.value = "";
      row.querySelector("[data-choice='value']").focus();
    } else {
      const next = rows[rows.indexOf(row) + 1] || rows[rows.indexOf(row) - 1];
      row.remove();
      next.querySelector("[data-choice='value']").focus();
    }
    reindex();
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  const sortable = makeSortable(list, {
    label: (item) => item.dataset.label,
    onChange: (ids) => {
      reindex();
      onOrder(ids, items().every((item) => item.dataset.id));
    },
  });

  function addField() {
    const item = fromTemplate("inbox-editor-blank-field", { __uid__: fresh("field"), __index__: String(items().length) });
    list.append(item);
    sortable.refresh();
    reindex();
    describe(item);
    item.querySelector("[data-key^='label.']").focus();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    return item;
  }

  function remove(item) {
    const all = items();
    const next = all[all.indexOf(item) + 1] || all[all.indexOf(item) - 1];
    item.remove();
    reindex();
    refreshEmailChoices();
    sortable.refresh();
    (next?.querySelector("[data-toggle]") || form.querySelector("[data-add-field]")).focus();
  }

  list.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    const item = target.closest("li.inbox-editor-field");
    if (target.matches("[data-toggle]")) toggle(item);
    else if (target.matches("[data-add-choice]")) addChoice(item);
    else if (target.matches("[data-remove-choice]")) removeChoice(target.closest("[data-choice-row]"));
    else if (target.matches("[data-put-aside]")) onPutAside(item);
  });
  list.addEventListener("input", (event) => {
    const item = event.target.closest("li.inbox-editor-field");
    if (!item) return;
    describe(item);
    if (event.target.matches("[data-key='machine_name'], [data-key^='label.']")) refreshEmailChoices();
  });
  list.addEventListener("change", (event) => {
    const item = event.target.closest("li.inbox-editor-field");
    if (!item) return;
    if (event.target.matches("[data-key='type']")) {
      showRules(item);
      refreshEmailChoices();
    }
    describe(item);
  });
  form.querySelector("[data-add-field]").addEventListener("click", addField);

  for (const item of items()) describe(item);
  reindex();
  refreshEmailChoices();

  return {
    items,
    remove,
    addField,
    /** The `fields` list for the API, in the list's order (positions from 1). */
    collect() {
      return items().map((item, index) => {
        const type = typeOf(item);
        const rows = [...item.querySelectorAll("[data-choice-row]")].map((row) => ({
          value: row.querySelector("[data-choice='value']").value.trim(),
          label: texts(row, "data-choice", "label"),
        }));
        const field = {
          machine_name: control(item, "machine_name").value.trim(),
          type: type.key,
          label: texts(item, "data-key", "label"),
          hint: texts(item, "data-key", "hint"),
          required: control(item, "required").checked,
          in_table: control(item, "in_table").checked,
          full_width: control(item, "full_width").checked,
          position: index + 1,
          // Rows left wholly empty are the blank row the editor offers, not a choice.
          choices: type.choices ? rows.filter((row) => row.value || Object.values(row.label).some(Boolean)) : [],
          min_length: type.length ? wholeOrRaw(control(item, "min_length").value) : null,
          max_length: type.length ? wholeOrRaw(control(item, "max_length").value) : null,
          min_value: type.key === "date" ? control(item, "min_value").value : "",
          max_value: type.key === "date" ? control(item, "max_value").value : "",
          extensions: type.key === "file"
            ? [...item.querySelectorAll("[data-key='extensions']:checked")].map((box) => box.value) : [],
        };
        if (item.dataset.id) field.id = Number(item.dataset.id);
        return field;
      });
    },
    /** After a save: new fields learn their ids and names. False when the lists do not match. */
    applySaved(saved) {
      const all = items();
      if (saved.length !== all.length) return false;
      for (const [index, item] of all.entries()) {
        const field = saved[index];
        if (item.dataset.id && Number(item.dataset.id) !== field.id) return false;
        item.dataset.id = String(field.id);
        item.dataset.name = field.name;
        control(item, "machine_name").placeholder = field.machine_name ? "" : field.name;
        describe(item);
      }
      refreshEmailChoices();
      return true;
    },
    /** Open every field that holds a refused control, so the error summary's links reach it. */
    openInvalid() {
      for (const item of items()) {
        if (item.querySelector("[aria-invalid='true']")) toggle(item, true);
      }
    },
  };
}
