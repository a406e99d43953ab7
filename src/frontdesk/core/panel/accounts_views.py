"""Panel section: accounts."""

from django.shortcuts import render

from frontdesk.core.panel.access import panel_page


@panel_page("accounts")
def index(request):
    return render(request, "panel/accounts.html")
