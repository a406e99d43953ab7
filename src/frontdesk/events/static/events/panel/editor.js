// The event editor (templates/events/panel/editor.html; docs/events.md, "The panel: the editor"):
// tabs Event, Settings, SEO and History over one form, and a language switch showing one
// language's boxes at a time, each language marked written or not.
//
// Save (the button, Ctrl/Cmd+S) sends PUT <api> {values, revision} with every value the editor
// holds (project fields: the changed ones, as project-fields.js gives them), so a GET followed by
// a PUT of what it showed changes nothing. Times: the Starts and Ends boxes hold the wall time of
// the application's zone as the server printed it (no conversion through the browser's zone) and
// are sent back without an offset, which the server reads in that zone; an all-day event's boxes
// are dates, sent as dates. Answers:
// - 422: each message under its box (api.js showErrors), the tab and the language of the first
//   opened;
// - 409 (the event was saved meanwhile): nothing is changed in the form; a notice says so and
//   offers to reload the saved event (the unsaved-changes guard asks first);
// - anything else: a toast.
// Preview, Publish, Unpublish, Discard and Restore a version are the host's versioned editor
// (restoring a version asks first); Duplicate saves first, then opens the copy; To the bin asks.

import { api, showErrors } from "../../frontdesk/js/api.js";
import { mountCategoryPicker } from "../../frontdesk/js/category-picker.js";
import { confirmDialog } from "../../frontdesk/js/confirm.js";
import { el } from "../../frontdesk/js/dom.js";
import { mountGalleryField } from "../../frontdesk/js/gallery-field.js";
import { t } from "../../frontdesk/js/i18n.js";
import { changedValues, projectFieldValues } from "../../frontdesk/js/project-fields.js";
import { mountRichText } from "../../frontdesk/js/richtext.js";
import { seoCardValues } from "../../frontdesk/js/seo-card.js";
import { makeSortable } from "../../frontdesk/js/sortable.js";
import { makeTabs } from "../../frontdesk/js/tabs.js";
import { toast } from "../../frontdesk/js/toast.js";
import { guardUnsaved } from "../../frontdesk/js/unsaved.js";
import { mountVersionedEditor } from "../../frontdesk/js/versioned-editor.js";

const form = document.getElementById("event-form");

function readJson(id, fallback) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? "null") ?? fallback;
  } catch {
    return fallback;
  }
}

const languages = form ? [...form.querySelectorAll("[data-language-switch] [data-language]")].map((b) => b.dataset.language) : [];
const mayManage = form?.dataset.mayManage === "true";

// --- The language switch ----------------------------------------------------------------------

let shownLanguage = languages[0];

function showLanguage(code) {
  shownLanguage = code;
  for (const button of form.querySelectorAll("[data-language-switch] [data-language]")) {
    button.setAttribute("aria-pressed", String(button.dataset.language === code));
  }
  for (const box of form.querySelectorAll("[data-lang]")) box.hidden = box.dataset.lang !== code;
}

function markWritten() {
  for (const button of form.querySelectorAll("[data-language-switch] [data-language]")) {
    const code = button.dataset.language;
    const written = [...form.querySelectorAll(`[data-lang="${code}"] input, [data-lang="${code}"] textarea`)]
      .some((control) => control.value.trim() !== "" && control.value.trim() !== "<p></p>");
    button.querySelector("[data-written-mark]").classList.toggle("is-written", written);
    button.querySelector("[data-written-words]").textContent = `(${written ? form.dataset.written : form.dataset.empty})`;
  }
}

// --- When: the all-day switch turns the boxes into dates and back ------------------------------

function mountWhen() {
  const allDay = form.elements.all_day;
  allDay.addEventListener("change", () => {
    for (const box of form.querySelectorAll("[data-moment]")) {
      const value = box.value;
      if (allDay.checked) {
        box.type = "date";
        box.value = value.slice(0, 10);
      } else {
        box.type = "datetime-local";
        box.value = value ? `${value.slice(0, 10)}T00:00` : "";
      }
    }
  });
}

function moment(box) {
  // datetime-local: the wall time in the application's zone, no offset; date: the day.
  return box.value || null;
}

// --- Where: an online event has no place -------------------------------------------------------

function mountWhere() {
  const place = form.querySelector("[data-place]");
  const update = () => { place.hidden = form.elements.format.value === "online"; };
  for (const radio of form.querySelectorAll("input[name='format']")) radio.addEventListener("change", update);
  update();
}

// --- The lead's counter ------------------------------------------------------------------------

function mountCounters() {
  for (const note of form.querySelectorAll("[data-counter-for]")) {
    const box = document.getElementById(note.dataset.counterFor);
    const update = () => {
      note.textContent = form.dataset.counter
        .replace("%(count)s", String([...box.value].length))
        .replace("%(limit)s", box.dataset.limit);
    };
    box.addEventListener("input", update);
    update();
  }
}

// --- What to expect: cards of heading and line, the same in every language ----------------------

let newCards = 0;

function mountHighlights() {
  const list = form.querySelector("[data-highlights]");
  const empty = form.querySelector("[data-highlights-empty]");
  const add = form.querySelector("[data-highlight-add]");
  const { heading, line, remove, card: cardWord } = list.dataset;

  function card(item = {}) {
    newCards += 1;
    const key = item.id || `new-${newCards}`;
    const boxes = languages.map((code) => {
      const name = document.querySelector(`[data-language-switch] [data-language="${code}"] [lang]`).textContent;
      const headingId = `events-highlight-${key}-heading-${code}`;
      const lineId = `events-highlight-${key}-line-${code}`;
      return el("div", { "data-lang": code, hidden: code !== shownLanguage },
        el("div", { class: "fd-field" },
          el("label", { for: headingId }, `${heading} `, el("span", { class: "fd-muted" }, `(${name})`)),
          el("input", { type: "text", id: headingId, name: `highlights.${key}.heading.${code}`, lang: code, maxlength: 1000,
                        value: item.heading?.[code] ?? "", "data-card-text": "heading" })),
        el("div", { class: "fd-field" },
          el("label", { for: lineId }, `${line} `, el("span", { class: "fd-muted" }, `(${name})`)),
          el("input", { type: "text", id: lineId, name: `highlights.${key}.line.${code}`, lang: code, maxlength: 1000,
                        value: item.line?.[code] ?? "", "data-card-text": "line" })));
    });
    const label = () => {
      const texts = [...entry.querySelectorAll("[data-card-text='heading']")].map((box) => box.value.trim());
      return texts.find(Boolean) || cardWord;
    };
    const entry = el("li", { class: "events-highlight", "data-id": key, "data-stored": item.id || "" },
      el("div", { class: "events-highlight-texts" }, ...boxes),
      el("button", { type: "button", class: "fd-button fd-button--small fd-button--ghost", "data-card-remove": true }, remove));
    entry.dataset.label = label();
    entry.addEventListener("input", () => { entry.dataset.label = label(); });
    return entry;
  }

  const sortable = makeSortable(list, { onChange: () => changed() });

  function changed() {
    empty.hidden = list.children.length > 0;
    renumber();
    list.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function renumber() {
    // A refusal names a card by its place: highlights.2.heading lands on its heading box.
    [...list.children].forEach((item, index) => {
      for (const box of item.querySelectorAll("[data-card-text]")) {
        const own = box.lang === form.dataset.defaultLanguage;
        if (own) box.dataset.errorKey = `highlights.${index}.${box.dataset.cardText}`;
      }
    });
  }

  list.append(...readJson("events-highlights-data", []).map((item) => card(item)));
  sortable.refresh();
  empty.hidden = list.children.length > 0;
  renumber();

  add?.addEventListener("click", () => {
    const item = card();
    list.append(item);
    sortable.refresh();
    changed();
    item.querySelector(`[data-lang="${shownLanguage}"] input`).focus();
  });
  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-card-remove]");
    if (!button) return;
    const item = button.closest("li");
    const neighbour = item.nextElementSibling || item.previousElementSibling;
    item.remove();
    sortable.refresh();
    changed();
    (neighbour?.querySelector("[data-card-remove]") || add).focus();
  });

  return () => [...list.children].map((item) => {
    const cardValue = { heading: {}, line: {} };
    if (item.dataset.stored) cardValue.id = item.dataset.stored;
    for (const box of item.querySelectorAll("[data-card-text]")) cardValue[box.dataset.cardText][box.lang] = box.value.trim();
    return cardValue;
  });
}

// --- Services: an ordered choice ---------------------------------------------------------------

function mountServices() {
  const field = form.querySelector("[data-services]");
  if (!field) return null;
  const select = field.querySelector("[data-services-keys]");
  const list = field.querySelector("[data-services-list]");
  const empty = field.querySelector("[data-services-empty]");
  const chooser = field.querySelector("[data-services-add]");
  const add = field.querySelector("[data-services-add-button]");
  const removeWord = list.dataset.remove;

  function withRemove(item) {
    if (item.querySelector("[data-service-remove]")) return;
    item.append(el("button", { type: "button", class: "fd-button fd-button--small fd-button--ghost", "data-service-remove": true,
                               "aria-label": `${removeWord}: ${item.dataset.label}` }, removeWord));
  }
  [...list.children].forEach(withRemove);
  const sortable = makeSortable(list, { onChange: () => changed() });
  const ids = () => sortable.order().map(Number);

  function changed() {
    select.replaceChildren(...ids().map((id) => el("option", { value: id, selected: true }, String(id))));
    empty.hidden = ids().length > 0;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  add.addEventListener("click", () => {
    const option = chooser.selectedOptions[0];
    if (!option || !option.value) return;
    const item = el("li", { "data-id": option.value, "data-label": option.textContent }, option.textContent);
    withRemove(item);
    list.append(item);
    option.remove();
    sortable.refresh();
    changed();
    chooser.focus();
  });
  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-service-remove]");
    if (!button) return;
    const item = button.closest("li");
    chooser.append(el("option", { value: item.dataset.id }, item.dataset.label));
    const neighbour = item.nextElementSibling || item.previousElementSibling;
    item.remove();
    sortable.refresh();
    changed();
    (neighbour?.querySelector("[data-service-remove]") || chooser).focus();
  });
  return ids;
}

// --- The body of a save ------------------------------------------------------------------------

function texts(name) {
  const values = {};
  for (const box of form.querySelectorAll(`[data-texts="${name}"]`)) values[box.lang] = box.value.trim();
  return values;
}

function text(name) {
  return form.elements[name].value.trim();
}

let savedExtra = readJson("events-extra", {});

function values({ highlights, categories, services }) {
  const amount = form.elements.price_amount;
  const result = {
    title: texts("title"),
    slug: texts("slug"),
    lead: texts("lead"),
    description: texts("description"),
    date_note: texts("date_note"),
    price: texts("price"),
    all_day: form.elements.all_day.checked,
    starts_at: moment(form.elements.starts_at),
    ends_at: moment(form.elements.ends_at),
    format: form.elements.format.value,
    venue: text("venue"),
    address: text("address"),
    map_url: text("map_url"),
    // A number the browser cannot read is sent as text, refused by the server in its words.
    price_amount: amount.validity.badInput ? "?" : (amount.value === "" ? null : Number(amount.value)),
    booking_url: text("booking_url"),
    photos: [...form.elements.photos.selectedOptions].map((option) => option.value),
    highlights: highlights(),
    categories: categories(),
  };
  if (services) result.services = services();
  const seo = form.querySelector("[data-seo-card]");
  if (seo) result.seo = seoCardValues(seo);
  const extra = changedValues(projectFieldValues(form.querySelector("[data-project-fields]")), savedExtra);
  if (Object.keys(extra).length) result.extra = extra;
  return result;
}

// --- Mounting ----------------------------------------------------------------------------------

async function mountCategories() {
  const field = form.querySelector("[data-categories]");
  let picker = null;
  try {
    picker = await mountCategoryPicker(field, {
      url: field.dataset.pickerUrl,
      selected: readJson("events-categories-data", []),
      hiddenLabel: field.dataset.hiddenLabel,
    });
  } catch {
    // The picker's list did not load (api.js said so): the event keeps its categories.
    const kept = readJson("events-categories-data", []);
    return () => kept;
  }
  return () => picker.value();
}

function tabOf(control) {
  return control?.closest("[role='tabpanel']")?.getAttribute("aria-labelledby");
}

if (form) {
  const tabs = makeTabs(form.querySelector(":scope > [role='tablist']"));
  for (const button of form.querySelectorAll("[data-language-switch] [data-language]")) {
    button.addEventListener("click", () => showLanguage(button.dataset.language));
  }
  mountWhen();
  mountWhere();
  mountCounters();
  for (const field of form.querySelectorAll("[data-gallery-field]")) mountGalleryField(field);
  if (mayManage) {
    for (const area of form.querySelectorAll("textarea[data-richtext]")) mountRichText(area, { language: area.lang });
  }
  const highlights = mountHighlights();
  const services = mountServices();
  const categories = await mountCategories();
  const guard = guardUnsaved(form);
  form.addEventListener("input", markWritten);
  form.addEventListener("change", markWritten);

  const conflict = document.querySelector("[data-conflict]");
  conflict.querySelector("[data-reload]").addEventListener("click", async () => {
    // What was typed goes: the panel's own question first, then no second one from the browser.
    const sure = !guard.isDirty() || await confirmDialog({
      title: t("unsaved.title"),
      message: t("unsaved.message"),
      confirmLabel: t("unsaved.leave"),
      cancelLabel: t("unsaved.stay"),
      danger: true,
    });
    if (!sure) return;
    guard.release();
    location.reload();
  });

  function showRefusal(body) {
    const summary = showErrors(form, body);
    const first = Object.keys(body.errors || {})
      .map((key) => form.querySelector(`[data-error-key="${CSS.escape(key)}"]`) || form.elements.namedItem(key))
      .find((control) => control instanceof Element);
    if (!first) return;
    const language = first.closest("[data-lang]")?.dataset.lang;
    if (language) showLanguage(language);
    const tab = tabOf(first);
    if (tab) tabs.select(document.getElementById(tab), false);
    summary.focus();
  }

  async function save() {
    let event;
    try {
      event = await api.put(form.dataset.api, {
        values: values({ highlights, categories, services }),
        revision: Number(form.dataset.revision),
      }, { form, quiet: true });
    } catch (error) {
      if (error.status === 422) showRefusal(error.body);
      else if (error.status === 409) {
        conflict.hidden = false;
        conflict.querySelector("[data-reload]").focus();
      } else toast(error.body?.message || t("error.generic"), { kind: "error" });
      return null;
    }
    conflict.hidden = true;
    form.dataset.revision = event.revision;
    savedExtra = event.values.extra;
    guard.markSaved();
    toast(form.dataset.saved, { kind: "success" });
    return event;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (mayManage) save();
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (mayManage) save();
    }
  });

  // Restoring a version replaces the draft: asked first, then the host's step runs.
  document.addEventListener("click", async (event) => {
    const button = event.target.closest?.("[data-restore-version]");
    if (!button) return;
    if (button.dataset.confirmed) {
      delete button.dataset.confirmed;
      return;
    }
    event.stopImmediatePropagation();
    event.preventDefault();
    const sure = await confirmDialog({
      title: button.textContent.trim(),
      message: form.dataset.restoreMessage,
      confirmLabel: button.textContent.trim(),
    });
    if (!sure) return;
    button.dataset.confirmed = "1";
    button.click();
  }, true);

  mountVersionedEditor({ api: form.dataset.api, revision: () => Number(form.dataset.revision), save, guard });

  document.querySelector("[data-duplicate]")?.addEventListener("click", async () => {
    if (guard.isDirty() && !(await save())) return;
    let copy;
    try {
      copy = await api.post(`${form.dataset.api}/duplicate`, {});
    } catch {
      return;
    }
    location.assign(form.dataset.editor.replace(/\/0\/$/, `/${copy.id}/`));
  });

  document.querySelector("[data-delete]")?.addEventListener("click", async () => {
    const sure = await confirmDialog({
      title: form.dataset.deleteTitle,
      message: form.dataset.deleteMessage,
      confirmLabel: form.dataset.deleteLabel,
      danger: true,
    });
    if (!sure) return;
    try {
      await api.delete(form.dataset.api);
    } catch {
      return;
    }
    guard.release();
    location.assign(form.dataset.list);
  });
}
