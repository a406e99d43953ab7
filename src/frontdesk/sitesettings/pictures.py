"""The settings groups as a place pictures are used: a setting of kind picture (the SEO group's
default social image) that names a key keeps the picture from being deleted
(pictures/uses.py)."""

from __future__ import annotations

from django.urls import reverse

from frontdesk.pictures.uses import Use
from frontdesk.sitesettings.reading import stored_values
from frontdesk.sitesettings.registry import all_groups


def settings_using(key: str) -> list[Use]:
    """Each picture setting whose value is `key`: "SEO: Default social image", with its screen.
    The groups are read through their cache, so this costs no query while they are cached."""
    found = []
    for group in all_groups():
        names = [setting for setting in group.settings if setting.kind == "picture"]
        if not names:
            continue
        values = stored_values(group.name).values
        for setting in names:
            if values.get(setting.name) == key:
                found.append(
                    Use(
                        label=f"{group.label}: {setting.label}",
                        url=reverse("panel:panel-settings:group", args=[group.name]),
                    )
                )
    return found
