"""A public page that prints one form with the embed tag: the demo's contact and enquiry pages."""

from django.http import Http404

from frontdesk.core.head import render_page
from frontdesk.inbox.models import Form


def form_page(request, slug: str):
    form = Form.objects.live().filter(slug=slug).first()
    if form is None:
        raise Http404
    return render_page(request, "inbox/site/form_page.html", {"form": form})
