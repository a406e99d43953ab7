"""Panel section: accounts. The table is filled from GET /api/cms/accounts (js/pages/accounts.js)."""

from django.shortcuts import render

from frontdesk.core.panel.access import panel_page


@panel_page("accounts")
def index(request):
    return render(request, "panel/accounts.html")
