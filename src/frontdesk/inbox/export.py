"""The CSV export of a form's submissions, streamed: it reads and writes one chunk at a time.

Columns: received (ISO 8601 in the site's time zone), status, assignee, language, then the
machine names of the form's fields in field order: live ones, then put-aside ones that still
have answers. Cells that a spreadsheet would run as a formula get a leading apostrophe, and
every cell holding a separator, tab, quote or line break is quoted. The format is written down
in docs/inbox.md, "CSV export".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

from django.contrib.auth import get_user_model
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from frontdesk.core.languages import translate
from frontdesk.inbox import queries
from frontdesk.inbox.models import Answer, Field, Form, Status

FIXED_COLUMNS = ("received", "status", "assignee", "language")
# A spreadsheet reads a cell starting with these as a formula (OWASP "CSV injection").
FORMULA_STARTS = frozenset("=+-@\t\r")
# Characters a reader does not see (controls, format characters such as the zero-width space,
# spaces and separators): spreadsheets that trim them on import would then find the formula.
INVISIBLE = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})
# The file is comma-separated, but spreadsheets set up for German or Russian split on ";", some
# on tabs, and a line break ends a row: a cell holding any of them (or a quote) is quoted whole.
# csv's QUOTE_MINIMAL only knows the writer's own delimiter, so the lines are written here.
NEEDS_QUOTES = re.compile(r'[",;\t\r\n\v\f\x1c-\x1e\x85\u2028\u2029]')
BOM = "\ufeff".encode()


def _starts_a_formula(cell: str) -> bool:
    for char in cell:
        if char in FORMULA_STARTS:
            return True
        if unicodedata.category(char) not in INVISIBLE:
            return False
    return False


def neutralise_formula(cell: str) -> str:
    """`cell`, with a leading apostrophe when a spreadsheet would run it as a formula, also
    when invisible characters come before the formula's first character."""
    return "'" + cell if _starts_a_formula(cell) else cell


def csv_line(cells: Iterable[str]) -> str:
    """One row: comma-separated, a cell quoted (quotes doubled) when it holds NEEDS_QUOTES."""
    return (
        ",".join('"' + cell.replace('"', '""') + '"' if NEEDS_QUOTES.search(cell) else cell for cell in cells)
        + "\r\n"
    )


def export_fields(form: Form) -> list[Field]:
    """The fields that become columns: live ones in order, then put-aside ones that were answered."""
    live = list(form.live_fields().order_by("position", "id"))
    put_aside = [
        field
        for field in Field.all_objects.filter(form=form).in_bin().order_by("position", "id")
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

    def learn(self, ids: set[int | None]) -> None:
        missing = [pk for pk in ids if pk is not None and pk not in self]
        if missing:
            rows = get_user_model().objects.filter(pk__in=missing).values_list("pk", "display_name", "email")
            self.update({pk: neutralise_formula(name or email) for pk, name, email in rows})


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
    with translation.override(language):
        first = csv_line(header(fields))
    yield (BOM if bom else b"") + first.encode()

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
            column = None if field_id is None else by_field.get(field_id)
            if column is None:
                column = by_name.get(name)
            if column is not None and value:
                cells[submission_id][column] = neutralise_formula(value)
        accounts.learn({row[3] for row in rows})
        yield "".join(
            csv_line(
                [
                    created.astimezone(zone).isoformat(timespec="seconds"),
                    statuses.get(status_id, ""),
                    accounts.get(assignee_id, ""),
                    submission_language,
                    *cells[pk],
                ]
            )
            for pk, created, status_id, assignee_id, submission_language in rows
        ).encode()
