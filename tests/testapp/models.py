"""Rows of a kind no service has, for the host's helpers' tests (one section per helper)."""

from django.core.exceptions import ValidationError
from django.db import models, transaction

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import TranslatedField, TranslatedItemsField
from frontdesk.core.languages import translate
from frontdesk.pictures.gallery import GalleryField
from frontdesk.publishing.models import Versioned
from frontdesk.publishing.relations import OrderedRelation
from frontdesk.publishing.seo_card import SeoCardField
from frontdesk.richtext.fields import RichTextField

# --- Routes (routes) ---------------------------------------------------------------------
# Two route types at one level under one prefix, as events and event categories are; registered
# in apps.py. The prefix is the setting TESTAPP_ROUTES_PREFIX ("happenings" when unset).


class RoutedEvent(models.Model):
    title = TranslatedField()
    slug = TranslatedField()
    changed_at = models.DateTimeField(auto_now=True)
    # The shared categories' events-like type (test-happening, below) counts these.
    categories = models.ManyToManyField("categories.Category", blank=True, related_name="test_events")

    def __str__(self) -> str:
        return translate(self.title)


class RoutedCategory(models.Model):
    name = TranslatedField()
    slug = TranslatedField()

    def __str__(self) -> str:
        return translate(self.name)


# --- end of Routes ----------------------------------------------------------------------------


# --- Versions (frontdesk.publishing.versions) --------------------------------------------------------


class Notice(Versioned):
    """A notice with a title per language, a unique address and a time span: enough to prove the
    draft, the revision guard, publishing, versions and the model's own invariants."""

    versioned_fields = ("title", "slug", "starts_at", "ends_at")
    edit_permission = "testapp.change_notice"

    title = TranslatedField(required=True)
    slug = models.SlugField(unique=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)

    def clean(self) -> None:
        if self.starts_at and self.ends_at and self.ends_at < self.starts_at:
            raise ValidationError({"ends_at": ["The end comes before the start."]})


class Outing(Versioned):
    """A row shaped as an event will be: dated, with rich text, highlight cards (the same cards in
    every language, a heading and a line per language), related test events, an SEO card, project
    fields and an address per language (the route type test-outing, apps.py), all versioned.
    Enough to prove moments, removals, list items and the duplicate without the events module."""

    versioned_fields = (
        "title", "slug", "description", "starts_at", "ends_at", "highlights", "stops", "seo", "extra",
    )  # fmt: skip
    edit_permission = "testapp.change_outing"

    title = TranslatedField(required=True)
    slug = TranslatedField()
    description = RichTextField()
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    highlights = TranslatedItemsField(keys=("heading", "line"), required=("heading",))
    stops = OrderedRelation(target="test-event")
    seo = SeoCardField()
    extra = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return translate(self.title)


# --- End of versions ---------------------------------------------------------------------------


# --- The bin (frontdesk.core.bin) ----------------------------------------------------------------
# A crate goes into the bin with its address (a route type under the test prefix), its file and
# its labels; a crate named "locked" may not come back (its owner says no). Registered in apps.py.


class Crate(Binnable):
    name = models.CharField(max_length=100)
    slug = TranslatedField()
    file = models.FileField(upload_to="crates/", blank=True)

    def __str__(self) -> str:
        return self.name

    def delete(self, *args, **kwargs):
        name = self.file.name
        result = super().delete(*args, **kwargs)
        if name:  # the file goes with the row, once the deletion is committed
            transaction.on_commit(lambda: self.file.storage.delete(name))
        return result


class CrateLabel(models.Model):
    crate = models.ForeignKey(Crate, on_delete=models.CASCADE, related_name="labels")
    text = models.CharField(max_length=100)

    def __str__(self) -> str:
        return self.text


def refuse_crate_restore(crate: Crate) -> str | None:
    return "This crate is locked." if crate.name == "locked" else None


# --- End of the bin ------------------------------------------------------------------------------


# --- Relations (frontdesk.publishing.relations) --------------------------------------------------------
# A tour holds an ordered list of test events (the relation target "test-event", registered in
# apps.py over RoutedEvent), as an event holds its services; it is versioned as an event is, with
# no code of its own for the relation (apps.py registers its draft preview).


class Tour(Versioned):
    versioned_fields = ("name", "stops", "happenings")
    edit_permission = "testapp.change_tour"

    name = models.CharField(max_length=100)
    stops = OrderedRelation(target="test-event")
    # Categories of the test app's events-like type, held as an event would hold its categories
    # (categories/relations.py: every category type is a relation target).
    happenings = OrderedRelation(target="test-happening.category")

    def __str__(self) -> str:
        return self.name


# --- End of relations ----------------------------------------------------------------------------
# --- Shared categories (frontdesk.categories) -----------------------------------------------
# Two category types, registered in apps.py: test-topic, FAQ-like, without addresses, whose items
# are topic questions; test-happening, events-like, with addresses under the test prefix (the level
# of the test events), whose items are the routed events above.


class Access(models.Model):
    """The test app's own permissions, declared as every app declares them (the permission matrix
    makes one role per permission declared on an `Access` model)."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("topics.manage", "Manage the test topics"),
            ("topics.edit", "Edit topic questions (and pick their topics)"),
            ("happenings.manage", "Manage the test happening categories"),
        ]

    def __str__(self) -> str:
        return "test app permissions"


class TopicQuestion(models.Model):
    text = models.CharField(max_length=200)
    categories = models.ManyToManyField("categories.Category", blank=True, related_name="test_questions")

    def __str__(self) -> str:
        return self.text


def _count(model: type[models.Model], ids: list[int]) -> dict[int, int]:
    """{category id: items} in one query over the relation's table, as a module counts its items."""
    through = model._meta.get_field("categories").remote_field.through
    counted = (
        through.objects.filter(category_id__in=ids)
        .values("category_id")
        .annotate(items=models.Count("pk"))
        .values_list("category_id", "items")
    )
    return dict(counted)


def questions_per_topic(ids: list[int]) -> dict[int, int]:
    return _count(TopicQuestion, ids)


def events_per_happening(ids: list[int]) -> dict[int, int]:
    return _count(RoutedEvent, ids)


# --- End of shared categories --------------------------------------------------------------------


# --- Blocks (frontdesk.blocks) -------------------------------------------------------------------
# A post holds block content per language ({"en": [blocks], ...}) and is the test block holder;
# snippets are the items of the test collection. Registered in tests/testapp/blocks.py.


class BlockPost(models.Model):
    title = models.CharField(max_length=100)
    content = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return self.title


class Snippet(models.Model):
    group = models.CharField(max_length=50)
    text = models.CharField(max_length=200)
    position = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.text


class SnippetGroup(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    hidden = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.name


# --- End of blocks -------------------------------------------------------------------------------


# --- The SEO card (frontdesk.publishing.seo_card) ------------------------------------------------------


class Brochure(models.Model):
    """A row with a title and an SEO card, as pages, services and events have them."""

    title = TranslatedField(required=True)
    seo = SeoCardField()

    def __str__(self) -> str:
        return translate(self.title)


# --- End of the SEO card -------------------------------------------------------------------------


# --- The picture library (frontdesk.pictures) ---------------------------------------------
# A poster names a picture as its cover (a key) and shows pictures in its rich text; apps.py
# registers it as a place pictures are used, so a picture on a poster cannot be deleted.


class Poster(models.Model):
    title = models.CharField(max_length=100)
    cover = models.CharField(max_length=32, blank=True)
    body = TranslatedField()

    def __str__(self) -> str:
        return self.title


class Album(Versioned):
    """Pictures in an order, the first the cover, drafted as an event's photos are; apps.py
    registers its gallery as a place pictures are used."""

    versioned_fields = ("title", "photos")
    edit_permission = "testapp.change_album"

    title = models.CharField(max_length=100)
    photos = GalleryField()

    def __str__(self) -> str:
        return self.title


def posters_using(key: str) -> list:
    """The posters whose cover is `key` or whose text shows it (a Use per poster)."""
    from frontdesk.pictures.uses import Use
    from frontdesk.richtext.cleaning import rich_text_picture_keys

    return [
        Use(label=poster.title, url=f"/posters/{poster.pk}")
        for poster in Poster.objects.order_by("pk")
        if poster.cover == key or any(key in rich_text_picture_keys(text) for text in poster.body.values())
    ]
