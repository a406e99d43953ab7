"""Forms and their fields: /forms, /forms/{form}, /forms/{form}/duplicate, /forms/{form}/fields."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query
from ninja import Status as Reply

from frontdesk.core.api.schemas import WrittenOut, answers
from frontdesk.core.outputs import changed_out
from frontdesk.inbox import operations, queries
from frontdesk.inbox.api import lookups, router
from frontdesk.inbox.api.schemas import FieldOut, FieldsQuery, FormOut, FormRow
from frontdesk.inbox.inputs import DuplicateIn, FieldIn, FormChange, FormIn, OrderIn
from frontdesk.inbox.models import Field
from frontdesk.inbox.outputs import field_out, form_out, form_row
from frontdesk.inbox.permissions import MANAGE, VIEW

# Reads forms and fields: a change answers the whole form or field only to a caller with it
# (and a token's inbox:read), anyone else only its id (docs/api.md).
READ = VIEW


@router.get(
    "/forms",
    response=answers(200, list[FormRow]),
    permission=VIEW,
    summary="The forms column: every form in dragged order with its counts",
)
def list_forms(request: HttpRequest):
    return [form_row(form) for form in queries.forms_column()]


@router.post(
    "/forms", response=answers(201, FormOut | WrittenOut), permission=MANAGE, summary="Create a form"
)
def create_form(request: HttpRequest, payload: FormIn):
    values, fields = payload.values()
    created = operations.create_form(actor=request.user, values=values, fields=fields)
    return Reply(201, changed_out(request.user, READ, created, form_out))


# Before /forms/{form}: the first path that matches takes the request.
@router.post(
    "/forms/sorting", response=answers(204, None), permission=MANAGE, summary="Store the forms' order"
)
def sort_forms(request: HttpRequest, payload: OrderIn):
    operations.reorder_forms(actor=request.user, ids=payload.order)
    return Reply(204, None)


@router.get("/forms/{form}", response=answers(200, FormOut), permission=VIEW, summary="One form")
def get_form(request: HttpRequest, form: int):
    return form_out(lookups.form(form))


@router.put(
    "/forms/{form}",
    response=answers(200, FormOut | WrittenOut),
    permission=MANAGE,
    summary="Change a form and some of its fields",
    description="Only the keys given change. Fields are matched by id or machine_name; `remove: true`"
    " puts one aside; fields that are not named are left alone.",
)
def update_form(request: HttpRequest, form: int, payload: FormChange):
    values, fields = payload.values()
    saved = operations.update_form(lookups.form(form), actor=request.user, values=values, fields=fields)
    return changed_out(request.user, READ, saved, form_out)


@router.delete(
    "/forms/{form}",
    response=answers(204, None),
    permission=MANAGE,
    summary="Delete a form that has taken no submissions",
)
def delete_form(request: HttpRequest, form: int):
    operations.purge_form(lookups.form(form), actor=request.user)
    return Reply(204, None)


@router.post(
    "/forms/{form}/duplicate",
    response=answers(201, FormOut | WrittenOut),
    permission=MANAGE,
    summary="Copy a form's settings and live fields (no submissions); the copy starts switched off",
)
def duplicate_form(request: HttpRequest, form: int, payload: DuplicateIn):
    values = {key: value for key, value in payload.model_dump(exclude_unset=True).items() if value}
    copy = operations.duplicate_form(lookups.form(form), actor=request.user, values=values)
    return Reply(201, changed_out(request.user, READ, copy, form_out))


@router.get(
    "/forms/{form}/fields",
    response=answers(200, list[FieldOut]),
    permission=VIEW,
    summary="A form's live fields in order (with removed=true, then the put-aside ones)",
)
def list_fields(request: HttpRequest, form: int, query: Query[FieldsQuery]):
    chosen = lookups.form(form)
    fields = list(chosen.live_fields().order_by("position", "id"))
    if query.removed:
        fields += list(Field.all_objects.filter(form=chosen).in_bin().order_by("position", "id"))
    return [field_out(field) for field in fields]


@router.post(
    "/forms/{form}/fields",
    response=answers(201, FieldOut | WrittenOut),
    permission=MANAGE,
    summary="Add a field",
)
def create_field(request: HttpRequest, form: int, payload: FieldIn):
    values = payload.model_dump(exclude_unset=True)
    field = operations.create_field(lookups.form(form), actor=request.user, values=values)
    return Reply(201, changed_out(request.user, READ, field, field_out))


@router.post(
    "/forms/{form}/fields/sorting",
    response=answers(204, None),
    permission=MANAGE,
    summary="Store the order of a form's live fields",
)
def sort_fields(request: HttpRequest, form: int, payload: OrderIn):
    operations.reorder_fields(lookups.form(form), actor=request.user, ids=payload.order)
    return Reply(204, None)


@router.put(
    "/forms/{form}/fields/{field}",
    response=answers(200, FieldOut | WrittenOut),
    permission=MANAGE,
    summary="Change a live field (only the keys given)",
)
def update_field(request: HttpRequest, form: int, field: int, payload: FieldIn):
    chosen = lookups.form(form)
    values = payload.model_dump(exclude_unset=True)
    saved = operations.update_field(lookups.field(chosen, field), actor=request.user, values=values)
    return changed_out(request.user, READ, saved, field_out)


@router.delete(
    "/forms/{form}/fields/{field}",
    response=answers(204, None),
    permission=MANAGE,
    summary="Put a field aside (soft deletion: earlier answers keep it)",
)
def delete_field(request: HttpRequest, form: int, field: int):
    chosen = lookups.form(form)
    operations.bin_field(lookups.field(chosen, field), actor=request.user)
    return Reply(204, None)
