// The Categories screen of a category type (templates/panel/categories/screen.html) and its Bin
// tab (bin.html). The order is saved at once through POST <list>/reorder; the editor saves through
// POST <list> (new) or PUT <one>; "Put into the bin" is DELETE <one>, whose refusal (409: the
// category holds items, with their count) is shown in the editor; Restore is POST <one>/restore.

import { api } from "./api.js";
import { confirmDialog } from "./confirm.js";
import { makeSortable } from "./sortable.js";
import { projectFieldValues, changedValues } from "./project-fields.js";
import { mountRichText } from "./richtext.js";
import { seoCardValues } from "./seo-card.js";
import { toast } from "./toast.js";

function reasonOf(error) {
  const messages = Object.values(error?.body?.errors || {}).flat();
  return messages.length ? messages.join(" ") : error?.body?.message || error?.message || "";
}

function perLanguage(form, key) {
  const texts = {};
  for (const input of form.querySelectorAll(`[name^='${key}.']`)) texts[input.name.slice(key.length + 1)] = input.value.trim();
  return texts;
}

function values(form, savedExtra) {
  const body = { name: perLanguage(form, "name"), is_shown: form.elements.is_shown.checked };
  if (form.querySelector("[name^='slug.']")) {
    const slug = perLanguage(form, "slug");
    // A new category without any slug takes one from its name (the operation does it).
    if (form.dataset.id || Object.values(slug).some(Boolean)) body.slug = slug;
    body.introduction = perLanguage(form, "introduction");
    body.cover = form.elements.cover?.value || null;
    const card = form.querySelector("[data-seo-card]");
    if (card) body.seo = seoCardValues(card);
  }
  const extra = changedValues(projectFieldValues(form.querySelector("[data-project-fields]")), savedExtra);
  if (Object.keys(extra).length) body.extra = extra;
  return body;
}

function startScreen(root) {
  const words = root.dataset;
  const one = (id) => words.apiOne.replace("{id}", id);
  const form = document.getElementById("fd-categories-form");
  for (const area of form.querySelectorAll("textarea[data-richtext]")) mountRichText(area);
  const refusal = form.querySelector("[data-refusal]");
  const saved = projectFieldValues(form.querySelector("[data-project-fields]"));
  const list = document.getElementById("fd-categories-order");

  const refuse = (message) => {
    refusal.textContent = message;
    refusal.hidden = !message;
  };

  if (list) {
    makeSortable(list, {
      label: (item) => item.dataset.label,
      onChange: async (ids) => {
        try {
          await api.post(`${words.apiList}/reorder`, { ids: ids.map(Number) });
          toast(words.orderSaved, { kind: "success" });
        } catch {
          // api.js showed why; the stored order is the page's on reload
        }
      },
    });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    refuse("");
    const id = form.dataset.id;
    let category;
    try {
      category = id
        ? await api.put(one(id), values(form, saved), { form })
        : await api.post(words.apiList, values(form, {}), { form });
    } catch {
      return;
    }
    toast(id ? words.saved : words.added, { kind: "success" });
    if (!id) {
      window.location.assign(`${words.screen}?category=${category.id}`);
      return;
    }
    Object.assign(saved, category.extra || {});
    const item = list?.querySelector(`li[data-id='${category.id}']`);
    const link = item?.querySelector(".fd-categories-link");
    if (link) link.textContent = category.name_text;
    if (item) item.dataset.label = category.name_text;
  });

  form.querySelector("[data-delete]")?.addEventListener("click", async () => {
    refuse("");
    const confirmed = await confirmDialog({
      title: words.deleteTitle, message: words.deleteMessage, confirmLabel: words.deleteConfirm, danger: true,
    });
    if (!confirmed) return;
    try {
      await api.delete(one(form.dataset.id), { quiet: true });
    } catch (error) {
      refuse(reasonOf(error));
      refusal.focus?.();
      return;
    }
    toast(words.binned, { kind: "success" });
    window.location.assign(words.screen);
  });
}

function startBin(root) {
  const one = (id) => root.dataset.apiOne.replace("{id}", id);
  root.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-restore]");
    if (!button) return;
    const item = button.closest("li");
    const notice = item.querySelector("[data-refusal]");
    notice.hidden = true;
    try {
      await api.post(`${one(item.dataset.id)}/restore`, {}, { quiet: true });
    } catch (error) {
      notice.textContent = reasonOf(error);
      notice.hidden = false;
      return;
    }
    const next = item.nextElementSibling || item.previousElementSibling;
    item.remove();
    (next?.querySelector("button") || document.querySelector("h1")).focus?.();
    toast(root.dataset.restored, { kind: "success" });
  });
}

const screen = document.querySelector(".fd-categories");
if (screen) startScreen(screen);
const binned = document.querySelector(".fd-categories-bin");
if (binned) startBin(binned);
