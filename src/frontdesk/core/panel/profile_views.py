"""Panel section: profile."""

from django.shortcuts import render

from frontdesk.core.panel.access import panel_page


@panel_page("profile")
def index(request):
    return render(request, "panel/profile.html")
