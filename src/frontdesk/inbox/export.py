"""The CSV export of a form's submissions, streamed: it reads and writes one chunk at a time.

Columns: received (ISO 8601 in the site's time zone), status, assignee, language, then the
machine names of the form's fields in field order: live ones, then put-aside ones that still
have answers. Cells that a spreadsheet would run as a formula get a leading apostrophe. The
format is written down in docs/inbox.md, "CSV export".
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from django.contrib.auth import get_user_model
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from frontdesk.core.languages import translate
from frontdesk.inbox import queries
from frontdesk.inbox.models import Answer, Field, Form, Status

FIXED_COLUMNS = ("received", "status", "assignee", "language")
# A spreadsheet reads a cell starting with these as a formula (OWASP "CSV injection").
FORMULA_STARTS = frozenset("=+-@\t\r")
BOM = "\ufeff".encode()


def neutralise_formula(cell: str) -> str:
    """`cell`, with a leading apostrophe when a spreadsheet would run it as a formula."""
    return "'" + cell if cell and cell[0] in FORMULA_STARTS else cell


def export_fields(form: Form) -> list[Field]:
    """The fields that become columns: live ones in order, then put-aside ones that were answered."""
    live = list(form.live_fields().order_by("position", "id"))
    put_aside = [
        field
        for field in form.fields.filter(deleted_at__isnull=False).order_by("position", "id")
        if Answer.objects.filter(field=field).exists()
    ]
    return live + put_aside


def header(fields: list[Field]) -> list[str]:
    """The fixed columns and the fields' machine names; a put-aside field whose name a live one
    took again is told apart, so no two columns share a heading."""
    names = list(FIXED_COLUMNS)
    for field in fields:
        name = field.name
        if name in names:
            name = _("%(name)s (put aside)") % {"name": name}
        names.append(name)
    return names


def filename(form: Form) -> str:
    return f"{form.slug}-{timezone.localdate().isoformat()}.csv"


class _Accounts(dict):
    """Assignee names by id, fetched for the ids a chunk names that are not known yet."""

    def learn(self, ids: set[int]) -> None:
        missing = [pk for pk in ids if pk is not None and pk not in self]
        if missing:
            rows = get_user_model().objects.filter(pk__in=missing).values_list("pk", "display_name", "email")
            self.update({pk: neutralise_formula(name or email) for pk, name, email in rows})


def _drain(buffer: io.StringIO) -> bytes:
    data = buffer.getvalue().encode()
    buffer.seek(0)
    buffer.truncate(0)
    return data


def csv_stream(
    form: Form,
    flt: queries.SubmissionFilter,
    *,
    bom: bool = False,
    language: str | None = None,
    chunk_size: int = queries.EXPORT_CHUNK,
) -> Iterator[bytes]:
    """The export as UTF-8 bytes: the header first, then one block per chunk of submissions.

    Nothing is read before the first block is asked for, and only one chunk is held at a time.
    `language` picks the status labels (default: the active language); `bom` prefixes the UTF-8
    byte order mark some spreadsheet programs need to read UTF-8.
    """
    language = language or translation.get_language()
    fields = export_fields(form)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    with translation.override(language):
        writer.writerow(header(fields))
    yield (BOM if bom else b"") + _drain(buffer)

    by_field = {field.pk: index for index, field in enumerate(fields)}
    by_name: dict[str, int] = {}
    for index, field in enumerate(fields):
        by_name.setdefault(field.name, index)
    statuses = {
        pk: neutralise_formula(translate(label, language))
        for pk, label in Status.objects.values_list("pk", "label")
    }
    accounts = _Accounts()
    zone = timezone.get_default_timezone()
    width = len(fields)
    for rows, answers in queries.export_chunks(form, flt, chunk_size=chunk_size):
        cells = {row[0]: [""] * width for row in rows}
        for submission_id, field_id, name, value in answers:
            index = by_field.get(field_id)
            if index is None:
                index = by_name.get(name)
            if index is not None and value:
                cells[submission_id][index] = "'" + value if value[0] in FORMULA_STARTS else value
        accounts.learn({row[3] for row in rows})
        writer.writerows(
            [
                created.astimezone(zone).isoformat(timespec="seconds"),
                statuses.get(status_id, ""),
                accounts.get(assignee_id, ""),
                submission_language,
                *cells[pk],
            ]
            for pk, created, status_id, assignee_id, submission_language in rows
        )
        yield _drain(buffer)
