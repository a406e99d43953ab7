"""Panel section: agent tokens, listed without their secrets (only a hash is stored anyway)."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils import timezone

from frontdesk.core.models import ApiToken
from frontdesk.core.panel.access import panel_page

PER_PAGE = 25


def token_status(token: ApiToken, now) -> str:
    if token.revoked_at is not None:
        return "revoked"
    if token.expires_at is not None and token.expires_at <= now:
        return "expired"
    return "active"


@panel_page("tokens")
def index(request):
    tokens = ApiToken.objects.select_related("account").order_by("-created_at", "-pk")
    page = Paginator(tokens, PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    now = timezone.now()
    for token in page.object_list:
        token.status = token_status(token, now)
    return render(request, "panel/tokens.html", {"page": page})
