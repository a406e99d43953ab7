"""The test types' public pages: just the title, enough to see which object answered."""

from django.http import HttpResponse
from django.urls import reverse

from frontdesk.core.languages import translate
from frontdesk.publishing.head import breadcrumb, head_of, render_page
from frontdesk.publishing.seo_card import contribute_seo_card
from tests.testapp.models import Brochure


def routed_event(request, event) -> HttpResponse:
    return HttpResponse(f"event: {translate(event.title)}")


def routed_category(request, category) -> HttpResponse:
    return HttpResponse(f"category: {translate(category.name)}")


def outing(request, outing) -> HttpResponse:
    return HttpResponse(f"outing: {translate(outing.title)}")


def notice(request, notice) -> HttpResponse:
    return HttpResponse(f"notice: {translate(notice.title)}")


def crate(request, crate) -> HttpResponse:
    return HttpResponse(f"crate: {crate.name}")


# --- The head collector (publishing/head.py): a page whose content contributes to the head the way
# blocks do (tests/publishing/test_head.py). GET parameters choose what it adds.


def head_page(request) -> HttpResponse:
    questions = request.GET.getlist("q") or ["Where is the harbour?", "When does the ferry leave?"]
    blocks = [
        {
            "question": question,
            "node": {
                "@context": "https://schema.org",
                "@type": "FAQPage",
                "mainEntity": [
                    {
                        "@type": "Question",
                        "name": question,
                        "acceptedAnswer": {"@type": "Answer", "text": f"The answer to {question}"},
                    }
                ],
            },
        }
        for question in questions
    ]
    if "trail" in request.GET:
        breadcrumb(request, [("Home", reverse("site:home")), ("Guides", "/guides/"), ("Harbour", None)])
    if "noindex" in request.GET:
        head_of(request).set_noindex()
    return render_page(
        request, "testapp/head_page.html", {"blocks": blocks, "title": request.GET.get("title")}
    )


def block_post_page(request, pk: int) -> HttpResponse:
    """A post's blocks in the page's language, printed by its content template (so their head
    contributions are made while the content renders, as a page's are)."""
    from django.utils.translation import get_language

    from tests.testapp.models import BlockPost

    post = BlockPost.objects.get(pk=pk)
    head_of(request).set_title(post.title)
    blocks = (post.content or {}).get(get_language(), [])
    return render_page(request, "testapp/block_post.html", {"post": post, "blocks": blocks})


def brochure_page(request, pk: int) -> HttpResponse:
    """A brochure's page: its SEO card over its own title (publishing/seo_card.py)."""
    brochure = Brochure.objects.get(pk=pk)
    contribute_seo_card(request, brochure.seo, title=brochure.title, description=None)
    return render_page(request, "testapp/brochure.html", {"brochure": brochure})


def tour_preview(request, tour) -> HttpResponse:
    """A tour's page as its draft preview shows it: its stops' cards in the tour's order."""
    from frontdesk.publishing.relations import cards_of

    head_of(request).set_title(tour.name)
    return render_page(request, "testapp/tour.html", {"tour": tour, "stops": cards_of(tour, "stops", "en")})


def notice_preview(request, notice) -> HttpResponse:
    """A notice's page as its draft preview shows it (publishing/preview.py)."""
    head_of(request).set_title(translate(notice.title))
    return render_page(request, "testapp/notice.html", {"notice": notice})
