// Accounts: the table of accounts from GET /api/cms/accounts, with a search box.

import { apiLoader, pagedTable } from "../table.js";

const table = document.getElementById("accounts-table");
const search = document.getElementById("accounts-search");
if (table) {
  const query = search?.elements.namedItem("q");
  const accounts = pagedTable(table, { load: apiLoader(table.dataset.api, () => ({ q: query?.value.trim() })) });
  accounts.load(1);
  search?.addEventListener("submit", (event) => {
    event.preventDefault();
    accounts.load(1);
  });
}
