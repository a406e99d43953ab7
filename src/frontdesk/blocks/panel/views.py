"""Panel section: Block types, the installed rows with their code and how many rows of each holder
use them, and what modules offer (installed with `frontdesk blocks_install`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from frontdesk.blocks import queries
from frontdesk.blocks.offers import offer_states
from frontdesk.core.panel.access import panel_page


@panel_page("blocks")
def index(request: HttpRequest) -> HttpResponse:
    holders, rows = queries.screen_rows()
    context = {"holders": holders, "rows": rows, "offers": offer_states()}
    return render(request, "blocks/panel/types.html", context)
