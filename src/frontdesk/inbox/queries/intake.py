"""The live form a public post goes to, checked against the database for every post.

Building a form and its fields through the ORM is most of what a post costs (about 1.9 ms of a
5 ms post on SQLite, bench/door.py); asking the database whether its rows are still the ones a
form was built from costs about 0.1 ms. So each worker keeps the forms it has built, and every
post reads the form's rows again, in one statement whose SQL the ORM compiled when the form was
first built: the form's columns, the arrival status's id and every column of its live fields.
When the rows differ in anything (an edit in the panel, in another worker, or a bulk
`Field.objects.update()` that sends no signal), the form is built again. Nothing is trusted
without asking: a post sees exactly what reading the form afresh would show it.

The columns are the models' own (`_meta.concrete_fields`), so a field added to a form or a field
is in the check without anyone listing it (tests/inbox/test_intake_guard.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connections, models
from django.db.models import FilteredRelation, Q

from frontdesk.inbox.models import Field, Form, Status


@dataclass(frozen=True)
class _Built:
    sql: str
    params: tuple[Any, ...]
    rows: list[tuple[Any, ...]]
    form: Form


_built: dict[tuple[str, str], _Built] = {}  # (database alias, slug) -> the form and its rows


def rows_query(slug: str) -> models.QuerySet:
    """Every stored value the intake reads for the form `slug`: one row per live field (one row
    of NULLs for a form without any), each beginning with the form's columns and its arrival
    status's id."""
    arrival = Status.objects.arrival().values("pk")[:1]
    field_columns = [f"live__{field.attname}" for field in Field._meta.concrete_fields]
    return (
        Form.objects.live()
        .filter(slug=slug)
        .alias(live=FilteredRelation("fields", condition=Q(fields__deleted_at__isnull=True)))
        .annotate(arrival_status_pk=models.Subquery(arrival))
        .order_by("live__position", "live__id")
        .values_list(
            *(field.attname for field in Form._meta.concrete_fields), "arrival_status_pk", *field_columns
        )
    )


def _read(using: str, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()]


def live_form(slug: str) -> Form | None:
    """The live form `slug`, loaded with what accepting a post needs (`Form.objects.for_intake()`),
    or None. The worker's copy when the form's rows are unchanged, else built afresh."""
    using = Form.objects.db
    known = _built.get((using, slug))
    if known is not None:
        rows = _read(using, known.sql, known.params)
        if rows == known.rows:
            return known.form
    sql, params = rows_query(slug).query.sql_with_params()
    rows = _read(using, sql, params)
    form = Form.objects.live().for_intake().filter(slug=slug).first()
    if form is None or not rows:
        _built.pop((using, slug), None)
        return None
    # Kept only when the rows did not change while the form was built from them; otherwise this
    # post uses what it read, and the next one builds the form again.
    if _read(using, sql, params) == rows:
        _built[(using, slug)] = _Built(sql, tuple(params), rows, form)
    return form
