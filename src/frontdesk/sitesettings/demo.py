"""Demo content of the SEO settings: the Organization every public page prints (docs/host.md, "The
head collector and the layout"). The demo names it only while the site names none, and takes out
only what it wrote: `--remove` clears the Organization when the demo wrote it (the host's demo
mark on the group's row, core/demo.py) and it is still the demo's, untouched."""

from __future__ import annotations

from typing import Any

from frontdesk.core.demo import forget_made, made_by_demo, mark_made
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.models import SettingsGroup
from frontdesk.sitesettings.operations import update_group
from frontdesk.sitesettings.reading import stored_values

ORGANIZATION: dict[str, Any] = {
    "organization_name": "Frontdesk Gardens",
    "organization_street": "Harbour Road 7",
    "organization_postal_code": "20457",
    "organization_locality": "Hamburg",
    "organization_country": "DE",
    "organization_same_as": ["https://example.org/frontdesk-gardens"],
}
DEMO = "seo"  # the name of its marks (core/demo.py)
KEY = "organization"
EMPTY: dict[str, Any] = {name: [] if isinstance(value, list) else "" for name, value in ORGANIZATION.items()}


def _is_the_demos() -> bool:
    """Whether the demo wrote the Organization and it is still, word for word, what it wrote."""
    if KEY not in made_by_demo(SettingsGroup, demo=DEMO):
        return False
    values = stored_values(SEO).values
    return all(values.get(name) == value for name, value in ORGANIZATION.items())


def seed() -> str:
    if stored_values(SEO).values["organization_name"]:
        return (
            "the Organization is named already" if not _is_the_demos() else "the demo Organization is there"
        )
    mark_made(update_group(SEO, actor=None, values=ORGANIZATION), demo=DEMO, key=KEY)
    return f"the Organization is {ORGANIZATION['organization_name']}"


def remove() -> str:
    ours = _is_the_demos()
    forget_made(demo=DEMO)
    if not ours:
        return "the Organization is not the demo's: kept"
    update_group(SEO, actor=None, values=EMPTY)
    return "the demo Organization removed"
