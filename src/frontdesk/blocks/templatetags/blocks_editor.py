"""`{% load blocks_editor %}{% blocks_editor "content-editor" %}`: the block editor's element with
the addresses it reads and its words, and its stylesheet; a page's script then calls
`mountBlockEditor(element, options)` from blocks/editor.js."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()


def editor_strings() -> dict[str, str]:
    """The words the editor shows, in the panel's language."""
    return {
        "list": _("Blocks"),
        "empty": _("No blocks yet. Add the first one."),
        "add": _("Add a block"),
        "noTypes": _("No block type is installed."),
        "edit": _("Edit"),
        "done": _("Close"),
        "remove": _("Remove"),
        "removeBlock": _("Remove %(item)s"),
        "added": _("%(item)s added."),
        "removed": _("%(item)s removed."),
        "missing": _("Type missing"),
        "missingType": _("Unknown type %(type)s"),
        "missingHelp": _(
            "This block's type is not installed or has no code: it prints nothing. It is kept as it is."
        ),
        "choose": _("Choose…"),
        "none": _("None"),
        "hidden": _("%(label)s (hidden)"),
        "gone": _("%(value)s (no longer there)"),
        "pick": _("Pick a picture"),
        "flagAuto": _("Automatic: %(state)s"),
        "flagSet": _("Set by hand: %(state)s"),
        "flagOn": _("on"),
        "flagOff": _("off"),
        "reset": _("Reset"),
    }


@register.simple_tag
def blocks_editor(element_id: str = "blocks-editor", name: str = "content") -> SafeString:
    """The element `mountBlockEditor` mounts on, with its words beside it."""
    return mark_safe(  # noqa: S308  (a template's output)
        render_to_string(
            "blocks/panel/_editor.html",
            {
                "element_id": element_id,
                "name": name,
                "strings_id": f"{element_id}-strings",
                "strings": editor_strings(),
                "types_url": reverse("cms-api:list_block_types"),
                "picker_url": reverse("cms-api:list_block_picker_choices", args=["COLLECTION", "PICKER"]),
            },
        )
    )
