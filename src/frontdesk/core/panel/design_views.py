"""Panel section: the style guide, every component of the panel on one page (superusers)."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from frontdesk.core.panel.access import panel_page
from frontdesk.core.panel.profile_views import language_choices

TOKENS = (
    "bg",
    "surface",
    "surface-2",
    "text",
    "text-muted",
    "border",
    "border-strong",
    "accent",
    "accent-soft",
    "danger",
    "danger-soft",
    "success",
    "success-soft",
    "warning",
    "warning-soft",
    "focus",
)


def example_errors() -> dict:
    """A 422 body as the API answers it, for the api.js demo (a dotted key included)."""
    return {
        "message": _("Some values are not valid."),
        "errors": {
            "title": [_("Give the form a title.")],
            "fields.email": [_("Enter a valid e-mail address.")],
            "kind": [_("Choose a kind.")],
            "__all__": [_("A form with this title exists already.")],
        },
    }


@panel_page("design")
def index(request):
    context = {
        "languages": language_choices(),
        "tokens": TOKENS,
        "example_errors": example_errors(),
        # The pictures app's gallery control (pictures/controls.py makes it for a real field),
        # empty and with a small limit, so the limit shows too.
        "gallery_demo": {
            "id": "demo-gallery",
            "name": "photos",
            "label": _("Photos"),
            "items": [],
            "limit": 3,
        },
    }
    return render(request, "panel/design.html", context)
