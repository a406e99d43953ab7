"""The event page, written as Wagtail's tutorial writes a page with a gallery (an orderable of
images on the page) and the facts as fields; and a contact form page, written as Wagtail's form
builder documentation writes one, for the public door's figures (bench/forms.py)."""

from django.db import models
from modelcluster.fields import ParentalKey
from wagtail.contrib.forms.models import AbstractEmailForm, AbstractFormField
from wagtail.fields import RichTextField
from wagtail.models import Orderable, Page


class EventPage(Page):
    lead = models.CharField(max_length=300, blank=True)
    body = RichTextField(blank=True)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    address = models.CharField(max_length=300, blank=True)
    price = models.CharField(max_length=200, blank=True)
    booking_url = models.URLField(blank=True)

    def gallery(self):
        """The pictures in their order, each with its image in the same query."""
        return self.gallery_images.select_related("image")


class EventPageGalleryImage(Orderable):
    page = ParentalKey(EventPage, on_delete=models.CASCADE, related_name="gallery_images")
    image = models.ForeignKey("wagtailimages.Image", on_delete=models.CASCADE, related_name="+")


class ContactFormField(AbstractFormField):
    page = ParentalKey("ContactPage", on_delete=models.CASCADE, related_name="form_fields")


class ContactPage(AbstractEmailForm):
    """No address to mail: like frontdesk's form that mails nobody, a post is stored and thanked."""

    intro = RichTextField(blank=True)
    thank_you_text = RichTextField(blank=True)
