// Tabs after the WAI-ARIA pattern: arrow keys, Home and End move between tabs (and show them);
// Tab moves into the shown panel.
//
//   <div role="tablist" class="fd-tablist" aria-label="Views">
//     <button role="tab" class="fd-tab" id="tab-a" aria-controls="panel-a" aria-selected="true">A</button> ...
//   </div>
//   <div role="tabpanel" id="panel-a" aria-labelledby="tab-a" tabindex="0">...</div>
//   import { makeTabs } from "./tabs.js";  makeTabs(tablist);

export function makeTabs(tablist, { onChange = () => {} } = {}) {
  const tabs = [...tablist.querySelectorAll('[role="tab"]')];

  function select(tab, focus = true) {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute("aria-controls"));
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
    onChange(tab);
  }

  tablist.addEventListener("click", (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) select(tab);
  });
  tablist.addEventListener("keydown", (event) => {
    const index = tabs.indexOf(document.activeElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length]);
  });

  select(tabs.find((tab) => tab.getAttribute("aria-selected") === "true") || tabs[0], false);
  return { select };
}
