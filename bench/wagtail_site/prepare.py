"""Migrate the bench's Wagtail database and make the event page (in Wagtail's virtual environment).

    WAGTAIL_BENCH_DIR=... [WAGTAIL_BENCH_DATABASE_URL=...] python -m bench.wagtail_site.prepare
    # prints {"wagtail_event": "/tea-and-talk/", "wagtail_form": "/contact/"}

The page stands under the home page Wagtail's first migration makes, with two pages of the same
home in the menu beside it (three entries, as frontdesk's bench menu has), and three pictures of
Wagtail's library made with Pillow. Its renditions are made by the first request, in the warm-up.
Beside it, a contact page of Wagtail's form builder with the three fields of frontdesk's bench
form (bench/intake.py): name, e-mail and message, all required, mailing nobody.
"""

from __future__ import annotations

import io
import json
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.wagtail_site.settings")


def make_page() -> str:
    from django.core.files.images import ImageFile
    from django.core.management import call_command
    from django.utils import timezone
    from wagtail.images.models import Image
    from wagtail.models import Page, Site

    from bench import event_content as content
    from bench.wagtail_site.models import EventPage, EventPageGalleryImage

    call_command("migrate", verbosity=0, interactive=False)
    home = Site.objects.get(is_default_site=True).root_page.specific
    existing = EventPage.objects.filter(slug=content.SLUG).first()
    if existing:
        return existing.url
    home.title = home.draft_title = "Home"  # the first step of the trail, as frontdesk's
    home.save()
    for title in ("About us", "Courses"):
        home.add_child(instance=Page(title=title, slug=title.lower().replace(" ", "-"), show_in_menus=True))
    starts_at, ends_at = content.starts_and_ends(timezone.localtime())
    page = EventPage(
        title=content.TITLE,
        slug=content.SLUG,
        show_in_menus=True,
        search_description=content.LEAD,
        lead=content.LEAD,
        body=content.BODY,
        starts_at=starts_at,
        ends_at=ends_at,
        venue=content.VENUE,
        address=content.ADDRESS,
        price=content.PRICE_WORDS,
        booking_url=content.BOOKING_URL,
    )
    home.add_child(instance=page)
    for number in range(content.PHOTO_COUNT):
        image = Image.objects.create(
            title=f"Tea and talk, photo {number + 1}",
            file=ImageFile(io.BytesIO(content.photo(number)), name=f"photo-{number + 1}.jpg"),
        )
        EventPageGalleryImage.objects.create(page=page, image=image, sort_order=number)
    page.save_revision().publish()
    return EventPage.objects.get(pk=page.pk).url


def make_contact_page() -> str:
    from wagtail.models import Site

    from bench.wagtail_site.models import ContactFormField, ContactPage

    existing = ContactPage.objects.filter(slug="contact").first()
    if existing:
        return existing.url
    home = Site.objects.get(is_default_site=True).root_page.specific
    page = ContactPage(
        title="Contact",
        slug="contact",
        intro="<p>Write to us.</p>",
        thank_you_text="<p>Thank you. Your message has been sent.</p>",
    )
    home.add_child(instance=page)
    fields = [("Name", "singleline"), ("E-mail", "email"), ("Message", "multiline")]
    for position, (label, kind) in enumerate(fields):
        ContactFormField.objects.create(
            page=page, sort_order=position, label=label, field_type=kind, required=True
        )
    page.save_revision().publish()
    return ContactPage.objects.get(pk=page.pk).url


def main(argv: list[str]) -> None:
    import django

    django.setup()
    if argv:
        sys.exit(__doc__)
    print(json.dumps({"wagtail_event": make_page(), "wagtail_form": make_contact_page()}))


if __name__ == "__main__":
    main(sys.argv[1:])
