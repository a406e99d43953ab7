"""The inbox form block: a form of the inbox (picked among its forms) and an optional CSS class,
printed exactly as `{% inbox_form %}` prints it, and nothing for an unknown or switched-off form.

It lives on the block system's side and is registered only when the inbox is installed; no
module of the inbox imports the block system. The forms are a collection (`inbox-forms`), so a
page with several form blocks reads them in one query and the editor picks them from its picker.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from pydantic import Field, field_validator

from frontdesk.blocks.codes import BlockCode, BlockValues, EditorField, refuse, register_block_code
from frontdesk.blocks.collections import Choice, Collection, register_collection
from frontdesk.blocks.offers import Offer, register_offer
from frontdesk.core.languages import translate
from frontdesk.core.limits import MAX_ID
from frontdesk.inbox.models import Form
from frontdesk.inbox.templatetags.inbox import inbox_form

SLUG = "inbox-form"
COLLECTION = "inbox-forms"
READ_PERMISSION = "inbox.view"  # the inbox's own reading permission (inbox/api)
CSS_CLASS = re.compile(r"[A-Za-z0-9_ -]*")


class InboxFormValues(BlockValues):
    form: Annotated[int, Field(ge=1, le=MAX_ID, description="The inbox form's id.")]
    css_class: Annotated[str, Field(max_length=200)] = ""

    @field_validator("css_class")
    @classmethod
    def class_names(cls, value: str) -> str:
        if not CSS_CLASS.fullmatch(value):
            raise ValueError(_("Class names hold letters, digits, '-' and '_', separated by spaces."))
        return " ".join(value.split())


def form_choices(language: str) -> list[Choice]:
    """Every form of the inbox; a switched-off one is marked hidden (it prints nothing)."""
    return [
        Choice(form.pk, translate(form.title, language) or form.slug, hidden=form.is_switched_off)
        for form in Form.objects.order_by("position", "id")
    ]


def forms_for(values_list: Sequence[InboxFormValues], language: str) -> list[list[Any]]:
    """Each block's live form (or nothing), all read in one query."""
    live = Form.objects.live().in_bulk({values.form for values in values_list})
    return [[live[values.form]] if values.form in live else [] for values in values_list]


class InboxFormBlock(BlockCode):
    slug = SLUG
    label = _("Inbox form")
    values = InboxFormValues
    collection = COLLECTION
    editor = (
        EditorField("form", "select", _("Form"), required=True, picker=f"{COLLECTION}/forms"),
        EditorField(
            "css_class",
            "text",
            _("CSS class"),
            help=_("Optional: class names for the form's frame."),
            max_length=200,
        ),
    )

    def check(self, values: InboxFormValues, *, language: str) -> None:
        if not Form.objects.filter(pk=values.form).exists():
            raise refuse("form", _("There is no form %(id)s.") % {"id": values.form})

    def render(self, values: InboxFormValues, context: dict[str, Any]) -> SafeString:
        forms = context.get("items") or []
        if not forms:
            return mark_safe("")
        options = {"class": values.css_class} if values.css_class else {}
        return mark_safe(inbox_form({"request": context.get("request")}, forms[0], **options))  # noqa: S308  (the tag's own output)


def register() -> None:
    """Called by the block system's `ready()` when the inbox is installed."""
    # The picker lists every form, switched-off ones too: only the inbox's readers may see them.
    register_collection(
        Collection(
            name=COLLECTION, items=forms_for, pickers={"forms": form_choices}, permission=READ_PERMISSION
        )
    )
    register_block_code(InboxFormBlock())
    register_offer(Offer(slug=SLUG, name=_("Inbox form"), code=SLUG))
