// A table filled a page at a time from the paginator structure every list answers with:
// {rows, current_page, per_page, total, last_page}. Below it: first / previous / next / last
// buttons, "Page X of Y" and the total, announced when they change.
//
//   <table class="fd-table" id="people"><thead><tr>
//     <th scope="col" data-key="email">E-mail</th>
//     <th scope="col" data-key="is_active" data-format="bool">Active</th>   (bool | list | text)
//   </tr></thead><tbody></tbody></table>
//
//   import { pagedTable, apiLoader } from "./table.js";
//   const table = pagedTable(document.getElementById("people"), {
//     load: apiLoader("/api/cms/accounts", () => ({ q: search.value })),
//     render: { email: (row) => linkTo(row) },        // optional: a cell's text or a Node
//   });
//   table.load(1);  table.reload();

import { api } from "./api.js";
import { el, icon } from "./dom.js";
import { t } from "./i18n.js";

/** A loader for pagedTable that GETs `path` with page, per_page and the extra parameters. */
export function apiLoader(path, extra = () => ({})) {
  return ({ page, perPage }) => api.get(path, { query: { ...extra(), page, per_page: perPage } });
}

function cell(value, format) {
  if (format === "bool") {
    return el("span", { class: `fd-badge ${value ? "fd-badge--success" : ""}`.trim() }, value ? t("yes") : t("no"));
  }
  if (format === "list") value = (value || []).join(", ");
  if (value === null || value === undefined || value === "") return el("span", { class: "fd-muted" }, "—");
  return String(value);
}

export function pagedTable(table, { load, render = {}, perPage = 25 } = {}) {
  const columns = [...table.tHead.rows[0].cells].map((th) => ({ key: th.dataset.key, format: th.dataset.format }));
  const body = table.tBodies[0] || table.createTBody();
  const caption = table.caption;

  // A scrolling region must be reachable by keyboard, and named.
  const wrap = el("div", { class: "fd-table-wrap", role: "region", tabindex: "0" });
  if (caption) wrap.setAttribute("aria-labelledby", caption.id || (caption.id = `${table.id || "table"}-caption`));
  table.before(wrap);
  wrap.append(table);

  const button = (name, text) => el("button", { type: "button", class: "fd-button fd-button--small fd-button--icon", "aria-label": text, title: text, "data-page": name }, icon(name === "first" ? "chevron-first" : name === "previous" ? "chevron-left" : name === "next" ? "chevron-right" : "chevron-last"));
  const buttons = {
    first: button("first", t("table.first")),
    previous: button("previous", t("table.previous")),
    next: button("next", t("table.next")),
    last: button("last", t("table.last")),
  };
  const status = el("p", { class: "fd-pager-status", "aria-live": "polite" });
  const pager = el("nav", { class: "fd-pager", "aria-label": t("table.pages") },
    el("div", { class: "fd-pager-buttons" }, buttons.first, buttons.previous, buttons.next, buttons.last), status);
  wrap.after(pager);

  let state = { current_page: 1, last_page: 1, total: 0, per_page: perPage };
  let pending = 0;
  let loaded = false;
  body.replaceChildren(el("tr", {}, el("td", { class: "fd-table-empty", colspan: columns.length }, t("table.loading"))));

  function draw(data) {
    body.replaceChildren();
    if (!data.rows.length) {
      body.append(el("tr", {}, el("td", { class: "fd-table-empty", colspan: columns.length }, t("table.empty"))));
    }
    for (const row of data.rows) {
      const tr = el("tr");
      for (const column of columns) {
        const custom = render[column.key];
        tr.append(el("td", {}, custom ? custom(row) : cell(row[column.key], column.format)));
      }
      body.append(tr);
    }
    state = data;
    loaded = true;
    status.textContent = `${t("table.page", { page: data.current_page, pages: data.last_page })} · ${t("table.total", { total: data.total })}`;
    const atStart = data.current_page <= 1;
    const atEnd = data.current_page >= data.last_page;
    const focused = Object.values(buttons).find((b) => b === document.activeElement);
    buttons.first.disabled = buttons.previous.disabled = atStart;
    buttons.next.disabled = buttons.last.disabled = atEnd;
    // A button that just became disabled would drop the focus: hand it to one that still works.
    if (focused && focused.disabled) (atEnd ? buttons.previous : buttons.next).focus();
  }

  async function goTo(page) {
    const ticket = ++pending;
    table.setAttribute("aria-busy", "true");
    try {
      const data = await load({ page, perPage });
      if (ticket !== pending) return state;  // a later request won
      if (data.current_page > data.last_page && data.last_page >= 1) return goTo(data.last_page);
      draw(data);
    } catch {
      // api.js showed why; a table that never loaded says so instead of "Loading…".
      if (ticket === pending && !loaded) {
        body.replaceChildren(el("tr", {}, el("td", { class: "fd-table-empty", colspan: columns.length }, t("error.generic"))));
      }
    } finally {
      if (ticket === pending) table.removeAttribute("aria-busy");
    }
    return state;
  }

  buttons.first.addEventListener("click", () => goTo(1));
  buttons.previous.addEventListener("click", () => goTo(Math.max(1, state.current_page - 1)));
  buttons.next.addEventListener("click", () => goTo(Math.min(state.last_page, state.current_page + 1)));
  buttons.last.addEventListener("click", () => goTo(state.last_page));

  return {
    load: goTo,
    reload: () => goTo(state.current_page),
    get state() {
      return state;
    },
  };
}
