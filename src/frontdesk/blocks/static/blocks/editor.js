// The block editor: the blocks of one language as a list a page editor embeds.
//
//   {% load blocks_editor %}{% blocks_editor "content-editor" %}      (the element, its words)
//   import { mountBlockEditor } from "/static/blocks/editor.js";
//   const editor = mountBlockEditor(document.getElementById("content-editor"),
//     { blocks: storedBlocks, name: "content", richText: mountRichText, pickPicture });
//   editor.getBlocks()   -> [{id, type, values}] in their order, as clean_content takes them
//   element.addEventListener("blocks-change", (event) => event.detail.blocks)
//   editor.showErrors(body.errors)   the 422 keys content.<index>.<name> under their controls
//
// Add a block from the installed types (a menu), edit it with its type's form (built from the
// editor description GET /api/cms/blocks/types; a select may load its options from a collection's
// picker), reorder by drag and by keyboard (move buttons, Alt+ArrowUp/ArrowDown: sortable.js),
// remove. A block whose type is missing is marked, kept as it is, and can be moved or removed.
// The editor saves nothing itself: it keeps its state in a hidden input named `name` and fires
// `change` (so unsaved.js sees it) and `blocks-change` on each change; the page saves.

import { api } from "../frontdesk/js/api.js";
import { el, ensureId, icon } from "../frontdesk/js/dom.js";
import { makeSortable } from "../frontdesk/js/sortable.js";

// The first control a block's form offers for typing: a rich-text box stands in for its hidden
// textarea, which cannot take the focus.
const FIRST_CONTROL = "input:not([type=hidden]), select, textarea:not([hidden]), [contenteditable=true]";

function loadStrings(element) {
  const script = document.getElementById(element.dataset.strings || "blocks-editor-strings");
  try {
    return script ? JSON.parse(script.textContent) : {};
  } catch {
    return {};
  }
}

/** A random URL-safe id of 12 characters, as the server makes them. */
export function newBlockId() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

export function mountBlockEditor(element, options = {}) {
  const words = { ...loadStrings(element), ...(options.strings || {}) };
  const say = (key, values = {}) =>
    (words[key] ?? key).replace(/%\((\w+)\)s/g, (match, name) => (name in values ? String(values[name]) : match));
  const typesUrl = options.typesUrl || element.dataset.typesUrl;
  const pickerUrl = options.pickerUrl || element.dataset.pickerUrl;  // with COLLECTION and PICKER in it
  const name = options.name || element.dataset.name || "content";

  let types = new Map();  // slug -> {slug, name, has_code, fields}
  const pickers = new Map();  // "collection/picker" -> Promise of choices
  const blocks = new Map();  // block id -> {type, values (as stored, for a missing type)}

  const state = el("input", { type: "hidden", name });
  const list = el("ol", { class: "blocks-list", "aria-label": say("list") });
  const empty = el("p", { class: "blocks-empty fd-muted" }, say("empty"));
  const listError = el("p", { class: "fd-field-error", hidden: true });
  const live = el("div", { class: "fd-visually-hidden", role: "status", "aria-live": "polite" });
  const addButton = el("button", { type: "button", class: "fd-button", "aria-haspopup": "true", "aria-expanded": "false" },
    say("add"), icon("chevron-down"));
  const menu = el("ul", { class: "blocks-menu", role: "menu", hidden: true, "aria-label": say("add") });
  ensureId(menu, "blocks-menu");
  addButton.setAttribute("aria-controls", menu.id);
  element.classList.add("blocks-editor");
  element.replaceChildren(state, listError, list, empty, el("div", { class: "blocks-add" }, addButton, menu), live);

  const sortable = makeSortable(list, { onChange: () => changed(), label: (item) => item.dataset.label });

  function announce(text) {
    live.textContent = "";
    live.append(document.createTextNode(text));
  }

  // ---- Values <-> controls -------------------------------------------------------------------

  function choicesFor(field) {
    if (!field.picker) return Promise.resolve(field.choices);
    if (!pickers.has(field.picker)) {
      const [collection, picker] = field.picker.split("/");
      const url = pickerUrl.replace("COLLECTION", encodeURIComponent(collection)).replace("PICKER", encodeURIComponent(picker));
      pickers.set(field.picker, api.get(url).catch(() => []));
    }
    return pickers.get(field.picker);
  }

  function fillSelect(select, field, value) {
    // An empty choice: "Choose…" when a value is needed, "None" when it may be left out; a value
    // with a default has none (the default stands for it).
    const hasDefault = field.default !== null && field.default !== undefined;
    select.replaceChildren(...(hasDefault ? [] : [el("option", { value: "" }, field.required ? say("choose") : say("none"))]));
    select.disabled = true;
    return choicesFor(field).then((choices) => {
      const values = [];
      for (const choice of choices) {
        const label = choice.hidden ? say("hidden", { label: choice.label }) : choice.label;
        const option = el("option", { value: String(values.length) }, label);
        values.push(choice.value);
        option.selected = value !== undefined && String(choice.value) === String(value);
        select.append(option);
      }
      if (value !== undefined && value !== null && !values.some((known) => String(known) === String(value))) {
        // A value no longer among the choices (a removed category) stays until changed.
        select.append(el("option", { value: String(values.length), selected: true }, say("gone", { value })));
        values.push(value);
      }
      select.choiceValues = values;
      select.disabled = false;
    });
  }

  function control(field, value, id) {
    const common = { id, "data-value": field.name };
    if (field.help) common["aria-describedby"] = `${id}-help`;
    switch (field.kind) {
      case "textarea":
      case "richtext": {
        const area = el("textarea", { ...common, rows: field.kind === "richtext" ? 8 : 5, maxlength: field.max_length });
        area.value = value ?? "";
        if (field.kind === "richtext" && options.richText) options.richText(area);
        return area;
      }
      case "number": {
        const input = el("input", { ...common, type: "number", min: field.min, max: field.max, step: 1 });
        input.value = value ?? "";
        return input;
      }
      case "checkbox": {
        const input = el("input", { ...common, type: "checkbox" });
        input.checked = Boolean(value);
        return input;
      }
      case "select": {
        const select = el("select", { ...common, required: field.required });
        fillSelect(select, field, value);
        return select;
      }
      case "choices": {
        // Several of the options: one checkbox each, a value no longer there kept until unticked.
        const group = el("div", { ...common, class: "blocks-choices", role: "group", "aria-labelledby": `${id}-label` });
        group.initialValue = value ?? [];
        choicesFor(field).then((choices) => {
          const picked = (value ?? []).map(String);
          const values = choices.map((choice) => choice.value);
          for (const gone of value ?? []) if (!values.some((known) => String(known) === String(gone))) values.push(gone);
          group.replaceChildren(...values.map((item, index) => {
            const choice = choices[index];
            const text = !choice ? say("gone", { value: item }) : choice.hidden ? say("hidden", { label: choice.label }) : choice.label;
            const box = el("input", { type: "checkbox", value: String(index) });
            box.checked = picked.includes(String(item));
            return el("label", { class: "fd-check" }, box, ` ${text}`);
          }));
          group.choiceValues = values;
          group.dispatchEvent(new Event("choices-ready", { bubbles: true }));
        });
        return group;
      }
      case "flag": {
        // True, false or null (decided for the block); the box shows the effective value.
        const box = el("input", { ...common, type: "checkbox" });
        box.flagValue = value ?? null;
        const status = el("span", { class: "fd-hint blocks-flag-state", "aria-live": "polite" });
        const reset = el("button", { type: "button", class: "fd-button fd-button--small fd-button--ghost" }, say("reset"));
        // "input" comes before "change" and before the list's handler, which redraws the flags.
        for (const kind of ["input", "change"]) {
          box.addEventListener(kind, () => {
            box.flagValue = box.checked;
            showFlag(box);
          });
        }
        reset.addEventListener("click", () => {
          box.flagValue = null;
          showFlag(box);
          box.focus();
          // Fired on the group, not the box: the box's own handlers would take the ticked state.
          reset.dispatchEvent(new Event("input", { bubbles: true }));
        });
        box.flagField = field;
        box.flagParts = { status, reset };
        return box;
      }
      case "hidden": {
        const input = el("input", { ...common, type: "hidden" });
        input.keptValue = value;
        return input;
      }
      case "picture": {
        const input = el("input", { ...common, type: "text", maxlength: 32, spellcheck: "false" });
        input.value = value ?? "";
        if (!options.pickPicture) return input;
        const pick = el("button", { type: "button", class: "fd-button fd-button--small" }, say("pick"));
        pick.addEventListener("click", async () => {
          const picked = await options.pickPicture({});
          if (picked) {
            input.value = picked.key;
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }
        });
        return el("span", { class: "blocks-picture" }, input, pick);
      }
      default: {
        const input = el("input", { ...common, type: "text", maxlength: field.max_length });
        input.value = value ?? "";
        return input;
      }
    }
  }

  function isEmptyValue(input) {
    if (!input) return true;
    if (input.choiceValues || input.initialValue) return [].concat(readChoices(input)).length === 0;
    if (input.type === "checkbox") return !input.checked;
    return input.value === "";
  }

  function readChoices(group) {
    if (!group.choiceValues) return group.initialValue;
    return [...group.querySelectorAll("input[type=checkbox]")].filter((box) => box.checked)
      .map((box) => group.choiceValues[Number(box.value)]);
  }

  // A flag's box and words: its own value, or (null) what it follows.
  function showFlag(box) {
    const { status, reset } = box.flagParts;
    let effective = box.flagValue;
    if (effective === null) {
      const follows = box.flagField.auto_on_empty;
      const other = follows && box.closest(".blocks-block")?.querySelector(`[data-field="${CSS.escape(follows)}"] [data-value]`);
      effective = follows ? isEmptyValue(other) : Boolean(box.flagField.default);
    }
    box.checked = effective;
    const state = say(effective ? "flagOn" : "flagOff");
    status.textContent = box.flagValue === null ? say("flagAuto", { state }) : say("flagSet", { state });
    reset.hidden = box.flagValue === null;
  }

  function readValue(field, input) {
    if (field.kind === "checkbox") return input.checked;
    if (field.kind === "choices") return readChoices(input);
    if (field.kind === "flag") return input.flagValue;
    if (field.kind === "hidden") return input.keptValue;
    if (field.kind === "number") return input.value === "" ? undefined : Number(input.value);
    if (field.kind === "select") {
      if (!input.choiceValues) return input.dataset.initial === undefined ? undefined : JSON.parse(input.dataset.initial);
      return input.value === "" ? undefined : input.choiceValues[Number(input.value)];
    }
    return input.value;
  }

  function fieldFor(field, value, blockId) {
    const id = `blocks-${blockId}-${field.name}`;
    const input = control(field, value, id);
    const target = input.matches("span") ? input.querySelector("input") : input;
    if (field.kind === "select" && value !== undefined) target.dataset.initial = JSON.stringify(value);
    const label = el("label", { for: id }, field.label, field.required ? el("span", { class: "blocks-required", "aria-hidden": "true" }, " *") : null);
    const help = field.help ? el("p", { class: "fd-hint", id: `${id}-help` }, field.help) : null;
    if (field.kind === "checkbox") {
      return el("div", { class: "fd-field", "data-field": field.name }, el("label", { class: "fd-check" }, target, ` ${field.label}`), help);
    }
    if (field.kind === "hidden") return el("div", { "data-field": field.name, hidden: true }, input);
    if (field.kind === "choices") {
      return el("div", { class: "fd-field", "data-field": field.name }, el("span", { class: "fd-label", id: `${id}-label` }, field.label), help, input);
    }
    if (field.kind === "flag") {
      const { status, reset } = input.flagParts;
      return el("div", { class: "fd-field", "data-field": field.name },
        el("label", { class: "fd-check" }, input, ` ${field.label}`), help, el("div", { class: "blocks-flag" }, status, reset));
    }
    return el("div", { class: "fd-field", "data-field": field.name }, label, help, input);
  }

  // ---- Blocks ----------------------------------------------------------------------------------

  function summaryOf(item) {
    const first = item.querySelector("input[type='text'], textarea");
    const text = first ? first.value.trim().slice(0, 60) : "";
    return text;
  }

  function labelOf(type, slug) {
    return type ? type.name : say("missingType", { type: slug });
  }

  function renderBlock(block, { open = false } = {}) {
    const type = types.get(block.type);
    const usable = type && type.has_code;
    blocks.set(block.id, { type: block.type, values: block.values || {} });
    const item = el("li", { class: "blocks-block", "data-id": block.id, "data-type": block.type, "data-label": labelOf(type, block.type) });
    const title = el("span", { class: "blocks-block-title" }, labelOf(type, block.type));
    const summary = el("span", { class: "blocks-block-summary fd-muted" });
    const head = el("div", { class: "blocks-block-head" }, title, summary);
    const remove = el("button", { type: "button", class: "fd-button fd-button--small fd-button--ghost", "data-remove": true,
      "aria-label": say("removeBlock", { item: labelOf(type, block.type) }) }, say("remove"));
    const actions = el("div", { class: "blocks-block-actions" });
    let body;
    if (usable) {
      body = el("div", { class: "blocks-block-body", hidden: !open, role: "group", "aria-label": labelOf(type, block.type) },
        ...type.fields.map((field) => fieldFor(field, (block.values || {})[field.name], block.id)));
      ensureId(body, "blocks-body");
      const toggle = el("button", { type: "button", class: "fd-button fd-button--small", "data-toggle": true,
        "aria-expanded": String(open), "aria-controls": body.id }, open ? say("done") : say("edit"));
      toggle.addEventListener("click", () => setOpen(item, body.hidden));
      actions.append(toggle);
    } else {
      item.classList.add("is-missing");
      head.append(el("span", { class: "fd-badge fd-badge--warning" }, say("missing")));
      body = el("p", { class: "blocks-block-body fd-hint" }, say("missingHelp"));
    }
    actions.append(remove);
    head.append(actions);
    item.append(head, body);
    remove.addEventListener("click", () => removeBlock(item));
    refreshFlags(item);
    summary.textContent = usable && !open ? summaryOf(item) : "";
    return item;
  }

  function refreshFlags(item) {
    for (const box of item.querySelectorAll("input[type=checkbox][data-value]")) if (box.flagParts) showFlag(box);
  }

  function setOpen(item, open) {
    const body = item.querySelector(".blocks-block-body");
    const toggle = item.querySelector("[data-toggle]");
    if (!toggle) return;
    body.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? say("done") : say("edit");
    item.querySelector(".blocks-block-summary").textContent = open ? "" : summaryOf(item);
    if (open) body.querySelector(FIRST_CONTROL)?.focus();
  }

  function removeBlock(item) {
    const items = [...list.children];
    const index = items.indexOf(item);
    const label = item.dataset.label;
    blocks.delete(item.dataset.id);
    item.remove();
    sortable.refresh();
    const next = list.children[index] || list.children[index - 1];
    (next?.querySelector("[data-toggle], [data-remove]") || addButton).focus();
    announce(say("removed", { item: label }));
    changed();
  }

  function addBlock(slug) {
    const values = {};
    for (const field of types.get(slug).fields) {
      if (field.default !== null && field.default !== undefined) values[field.name] = field.default;
    }
    const block = { id: newBlockId(), type: slug, values };
    const item = renderBlock(block, { open: true });
    list.append(item);
    sortable.refresh();
    announce(say("added", { item: item.dataset.label }));
    (item.querySelector(`.blocks-block-body :is(${FIRST_CONTROL})`) || item.querySelector("[data-remove]"))?.focus();
    changed();
  }

  function getBlocks() {
    return [...list.children].map((item) => {
      const id = item.dataset.id;
      const kept = blocks.get(id);
      const type = types.get(kept.type);
      if (!type || !type.has_code) return { id, type: kept.type, values: kept.values };
      const values = {};
      for (const field of type.fields) {
        const holder = item.querySelector(`[data-field="${CSS.escape(field.name)}"]`);
        const input = holder?.querySelector("[data-value]");
        if (!input) continue;
        const value = readValue(field, input);
        if (value !== undefined) values[field.name] = value;
      }
      return { id, type: kept.type, values };
    });
  }

  function changed() {
    empty.hidden = list.children.length > 0;
    state.value = JSON.stringify(getBlocks());
    element.dispatchEvent(new Event("change", { bubbles: true }));
    element.dispatchEvent(new CustomEvent("blocks-change", { bubbles: true, detail: { blocks: getBlocks() } }));
  }

  list.addEventListener("input", (event) => {
    event.stopPropagation();  // the hidden input's change speaks for the block
    const item = event.target.closest?.(".blocks-block");
    if (item) refreshFlags(item);
    changed();
  });
  list.addEventListener("change", (event) => {
    if (event.target === element) return;
    event.stopPropagation();
    const item = event.target.closest?.(".blocks-block");
    if (item) refreshFlags(item);
    changed();
  });
  list.addEventListener("choices-ready", (event) => {
    const item = event.target.closest(".blocks-block");
    if (item) refreshFlags(item);
  });

  // ---- The add menu: a button and a list of types; arrows move, Escape closes ---------------

  function closeMenu(focusButton = true) {
    menu.hidden = true;
    addButton.setAttribute("aria-expanded", "false");
    if (focusButton) addButton.focus();
  }

  function openMenu() {
    menu.replaceChildren(...[...types.values()].filter((type) => type.has_code).map((type) => {
      const choice = el("button", { type: "button", role: "menuitem", class: "blocks-menu-item", "data-add": type.slug }, type.name);
      choice.addEventListener("click", () => {
        closeMenu(false);
        addBlock(type.slug);
      });
      return el("li", { role: "none" }, choice);
    }));
    if (!menu.children.length) menu.append(el("li", { role: "none", class: "fd-muted" }, say("noTypes")));
    menu.hidden = false;
    addButton.setAttribute("aria-expanded", "true");
    menu.querySelector("button")?.focus();
  }

  addButton.addEventListener("click", () => (menu.hidden ? openMenu() : closeMenu()));
  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("button")];
    const index = items.indexOf(document.activeElement);
    if (event.key === "Escape") {
      event.preventDefault();
      closeMenu();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      (event.key === "Home" ? items[0] : items.at(-1))?.focus();
    }
  });
  element.addEventListener("focusout", (event) => {
    if (!menu.hidden && !menu.contains(event.relatedTarget) && event.relatedTarget !== addButton) closeMenu(false);
  });

  // ---- Errors from the page's save (422) ------------------------------------------------------

  function clearErrors() {
    listError.hidden = true;
    for (const note of element.querySelectorAll(".fd-field-error[data-blocks-error]")) note.remove();
    for (const input of element.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.setAttribute("aria-describedby", input.dataset.describedby || "");
      if (!input.getAttribute("aria-describedby")) input.removeAttribute("aria-describedby");
    }
    for (const item of list.querySelectorAll(".is-invalid")) item.classList.remove("is-invalid");
  }

  function showErrors(errors = {}, prefix = "content") {
    clearErrors();
    let first = null;
    for (const [key, messages] of Object.entries(errors)) {
      const text = [].concat(messages).join(" ");
      if (key === prefix) {
        listError.textContent = text;
        listError.hidden = false;
        continue;
      }
      const match = key.startsWith(`${prefix}.`) && key.slice(prefix.length + 1).match(/^(\d+)(?:\.([^.]+))?/);
      const item = match && list.children[Number(match[1])];
      if (!item) continue;
      item.classList.add("is-invalid");
      const holder = match[2] && item.querySelector(`[data-field="${CSS.escape(match[2])}"]`);
      const input = holder?.querySelector("[data-value]");
      const note = el("p", { class: "fd-field-error", "data-blocks-error": true }, text);
      ensureId(note, "blocks-error");
      if (input) {
        input.before(note);
        input.dataset.describedby = input.getAttribute("aria-describedby") || "";
        input.setAttribute("aria-describedby", `${note.id} ${input.dataset.describedby}`.trim());
        input.setAttribute("aria-invalid", "true");
        setOpen(item, true);
      } else {
        item.querySelector(".blocks-block-head").after(note);
      }
      first ??= input || item.querySelector("[data-toggle], [data-remove]");
    }
    first?.focus();
  }

  // ---- Start ----------------------------------------------------------------------------------

  const ready = (options.types ? Promise.resolve(options.types) : api.get(typesUrl)).then((found) => {
    types = new Map(found.map((type) => [type.slug, type]));
    for (const block of options.blocks || []) list.append(renderBlock(block));
    sortable.refresh();
    empty.hidden = list.children.length > 0;
    state.value = JSON.stringify(getBlocks());
    state.defaultValue = state.value;
    element.dispatchEvent(new CustomEvent("blocks-ready", { bubbles: true }));
  });

  return { getBlocks, showErrors, clearErrors, ready, element };
}
