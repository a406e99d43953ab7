"""Placeholder until the explorer pages land (issue 5)."""

from django.http import Http404

from frontdesk.core.panel.access import panel_page


@panel_page("inbox")
def explorer(request, form=None):
    raise Http404


@panel_page("inbox", "inbox.update")
def new_submission(request, form):
    raise Http404


@panel_page("inbox")
def submission(request, submission):
    raise Http404
