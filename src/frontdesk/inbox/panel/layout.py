"""What every Inbox page shares: the forms column, the open form and its tabs (Submissions,
Form, Embedding), the section head's buttons. Pages call `inbox_context` and extend
templates/inbox/panel/layout.html, filling its `inbox_content` block."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from frontdesk.inbox import queries
from frontdesk.inbox.models import Form
from frontdesk.inbox.permissions import MANAGE, UPDATE


def open_form(forms: list[Form], reference: object | None) -> Form | None:
    """The form the address names, else the first one (one form is always open)."""
    if reference is None:
        return forms[0] if forms else None
    for form in forms:
        if str(form.pk) == str(reference):
            return form
    raise Http404(_("There is no such form."))


def inbox_context(
    request: HttpRequest, form_reference: object | None = None, *, tab: str = "submissions"
) -> dict:
    """The layout's context. `tab` names the open form tab: submissions, form or embedding.

    The forms column is one query (queries.forms_column); the open form comes out of it.
    """
    forms = queries.forms_column()
    form = open_form(forms, form_reference)
    user = request.user
    return {
        "forms": forms,
        "form": form,
        "form_tab": tab,
        "can_update": user.has_perm(UPDATE),
        "can_manage": user.has_perm(MANAGE),
    }
