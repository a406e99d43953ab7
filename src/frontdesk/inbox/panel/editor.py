"""Placeholder until the editor pages land (issue 5)."""

from django.http import Http404

from frontdesk.core.panel.access import panel_page


@panel_page("inbox", "inbox.manage")
def form_new(request):
    raise Http404


@panel_page("inbox", "inbox.manage")
def form_edit(request, form):
    raise Http404


@panel_page("inbox", "inbox.manage")
def embedding(request, form):
    raise Http404


@panel_page("inbox", "inbox.manage")
def statuses(request):
    raise Http404
