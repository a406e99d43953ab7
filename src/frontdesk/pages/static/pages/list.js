// The list of pages: create a draft (then open its editor), restore a page from the bin, and
// set the menu's order by dragging or by keyboard (sortable.js), each through /api/cms/pages.

import { api } from "../frontdesk/js/api.js";
import { makeSortable } from "../frontdesk/js/sortable.js";
import { toast } from "../frontdesk/js/toast.js";

const words = document.getElementById("pages-words")?.dataset || {};
const languages = JSON.parse(document.getElementById("pages-languages")?.textContent || "[]");
const defaultLanguage = languages[0]?.[0] || "en";

const create = document.getElementById("pages-create");
if (create) {
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const title = create.elements.title.value.trim();
    const slug = create.elements.slug.value.trim();
    let page;
    try {
      page = await api.post(create.dataset.api, { title: { [defaultLanguage]: title }, slug: { [defaultLanguage]: slug } }, { form: create });
    } catch {
      return;  // api.js showed why
    }
    location.assign(`${location.pathname}${page.id}/`);
  });
}

for (const button of document.querySelectorAll("[data-restore]")) {
  button.addEventListener("click", async () => {
    try {
      await api.post(button.dataset.restore);
    } catch {
      return;
    }
    toast(words.restored, { kind: "success" });
    button.closest("tr")?.remove();
  });
}

const menu = document.getElementById("pages-menu-list");
if (menu && !menu.hasAttribute("data-read-only")) {
  makeSortable(menu, {
    onChange: async (ids) => {
      try {
        await api.put(menu.dataset.api, { order: ids.map(Number) });
      } catch {
        return;
      }
      toast(words.saved, { kind: "success" });
    },
  });
}
