"""The event page, written as Wagtail's tutorial writes a page with a gallery (an orderable of
images on the page) and the facts as fields."""

from django.db import models
from modelcluster.fields import ParentalKey
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
