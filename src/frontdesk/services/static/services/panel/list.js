// The Services list (templates/services/panel/list.html): dragging, the arrow buttons and
// Alt+Arrow keys reorder it (frontdesk/js/sortable.js); each finished move is stored at once
// through POST /api/cms/services/sorting.

import { api } from "../../frontdesk/js/api.js";
import { makeSortable } from "../../frontdesk/js/sortable.js";

const list = document.querySelector("#services-list[data-sortable]");
if (list) {
  makeSortable(list, {
    onChange: async (ids) => {
      try {
        await api.post(`${list.dataset.api}/sorting`, { order: ids.map(Number) });
      } catch {
        // api.js showed why
      }
    },
  });
}
