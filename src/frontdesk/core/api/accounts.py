"""Accounts as the panel lists them: GET /api/cms/accounts, a page at a time (core.accounts.manage)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpRequest
from ninja import Query, Schema
from pydantic import Field

from frontdesk.core.api.pagination import Page, PageQuery, paginate
from frontdesk.core.api.routing import PanelRouter

router = PanelRouter(tags=["accounts"])


class AccountOut(Schema):
    id: int
    email: str
    display_name: str
    is_active: bool
    is_superuser: bool
    groups: list[str] = Field(description="The names of the account's roles (Django groups).")


class AccountQuery(PageQuery):
    q: str = Field("", max_length=200, description="Part of the e-mail address or display name.")


def _account_out(account) -> dict:
    return {
        "id": account.pk,
        "email": account.email,
        "display_name": account.display_name,
        "is_active": account.is_active,
        "is_superuser": account.is_superuser,
        "groups": sorted(group.name for group in account.groups.all()),
    }


@router.get(
    "", response=Page[AccountOut], permission="core.accounts.manage", summary="Accounts, a page at a time"
)
def list_accounts(request: HttpRequest, query: Query[AccountQuery]):
    accounts = get_user_model().objects.order_by("email", "pk").prefetch_related("groups")
    if text := query.q.strip():
        accounts = accounts.filter(Q(email__icontains=text) | Q(display_name__icontains=text))
    return paginate(accounts, query, serialise=_account_out)
