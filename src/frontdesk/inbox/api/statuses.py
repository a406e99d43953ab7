"""Statuses (/statuses) and the accounts a submission may be assigned to (/assignees)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Status as Reply

from frontdesk.core.api.schemas import answers
from frontdesk.inbox import operations, queries
from frontdesk.inbox.api import lookups, router
from frontdesk.inbox.api.schemas import AssigneeOut, StatusOut
from frontdesk.inbox.inputs import OrderIn, StatusChange, StatusIn
from frontdesk.inbox.models import Status
from frontdesk.inbox.outputs import status_out
from frontdesk.inbox.permissions import MANAGE, VIEW


@router.get(
    "/statuses",
    response=answers(200, list[StatusOut]),
    permission=VIEW,
    summary="Every status in order",
)
def list_statuses(request: HttpRequest):
    return [status_out(status) for status in Status.objects.order_by("position", "id")]


@router.post(
    "/statuses",
    response=answers(201, StatusOut),
    permission=MANAGE,
    summary="Create a status",
    description="A flag given to the new status (arrival, spam) moves to it from the status that had it.",
)
def create_status(request: HttpRequest, payload: StatusIn):
    status = operations.create_status(actor=request.user, values=payload.model_dump(exclude_unset=True))
    return Reply(201, status_out(status))


@router.post(
    "/statuses/sorting",
    response=answers(204, None),
    permission=MANAGE,
    summary="Store the statuses' order",
)
def sort_statuses(request: HttpRequest, payload: OrderIn):
    operations.reorder_statuses(actor=request.user, ids=payload.order)
    return Reply(204, None)


@router.put(
    "/statuses/{status}",
    response=answers(200, StatusOut),
    permission=MANAGE,
    summary="Change a status (only the keys given)",
    description="Giving the arrival or spam flag moves it here; taking it from its only holder is refused.",
)
def update_status(request: HttpRequest, status: int, payload: StatusChange):
    changed = operations.update_status(
        lookups.status(status), actor=request.user, values=payload.model_dump(exclude_unset=True)
    )
    return status_out(changed)


@router.delete(
    "/statuses/{status}",
    response=answers(204, None),
    permission=MANAGE,
    summary="Delete a status that carries no arrival or spam flag and that no submission has",
)
def delete_status(request: HttpRequest, status: int):
    operations.purge_status(lookups.status(status), actor=request.user)
    return Reply(204, None)


@router.get(
    "/assignees",
    response=answers(200, list[AssigneeOut]),
    permission=VIEW,
    summary="Active accounts that may open the inbox (assignees, recipients)",
)
def list_assignees(request: HttpRequest):
    return [
        {"id": account.pk, "name": str(account), "email": account.email} for account in queries.assignees()
    ]
