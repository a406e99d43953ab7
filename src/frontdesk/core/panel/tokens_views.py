"""Panel section: tokens."""

from django.shortcuts import render

from frontdesk.core.panel.access import panel_page


@panel_page("tokens")
def index(request):
    return render(request, "panel/tokens.html")
