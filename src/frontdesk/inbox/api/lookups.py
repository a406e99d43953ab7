"""Finding the record a path names: an unknown id, or one beyond any id, is a 404."""

from __future__ import annotations

from django.db.models import Model, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from frontdesk.core.limits import MAX_ID
from frontdesk.inbox.models import Field, Form, Status, Submission


def one[Row: Model](rows: QuerySet[Row], pk: int, message: str) -> Row:
    # A number beyond any id would overflow the database's integer (a 500 on SQLite).
    if not 1 <= pk <= MAX_ID:
        raise Http404(message)
    found = rows.filter(pk=pk).first()
    if found is None:
        raise Http404(message)
    return found


def form(pk: int) -> Form:
    return one(Form.objects.all(), pk, _("There is no such form."))


def field(form: Form, pk: int) -> Field:
    """A live field of `form`; a put-aside one or one of another form is not found."""
    return one(form.live_fields(), pk, _("This form has no such field."))


def status(pk: int) -> Status:
    return one(Status.objects.all(), pk, _("There is no such status."))


def submission(pk: int) -> Submission:
    return one(Submission.objects.all(), pk, _("There is no such submission."))
