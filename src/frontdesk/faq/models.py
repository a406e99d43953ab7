"""A question: its text and its answer (rich text) per language, published or not, an anchor made
once and never changed, one place in the whole list and one in each category it sits in
(`Placement`), the site's project fields in `extra`, and the bin. Stored column names are listed
in docs/faq.md ("Stored columns")."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import AtMost, TranslatedField
from frontdesk.core.languages import translate

QUESTION_MAX = 300
ANCHOR_MAX = 80


class Question(Binnable):
    question = TranslatedField(_("question"), validators=[AtMost(QUESTION_MAX)])
    # Rich text per language (richtext): cleaned on the way in, pictures resolved on the way out.
    answer = TranslatedField(_("answer"))
    published = models.BooleanField(_("published"), default=False)
    # Made once at creation (faq/anchors.py) and never written again by any door; unique among
    # every question, the bin's included, so a restored question keeps it.
    anchor = models.CharField(_("anchor"), max_length=ANCHOR_MAX, unique=True, editable=False)
    position = models.PositiveIntegerField(_("order"), default=0)
    categories = models.ManyToManyField(
        "categories.Category", through="Placement", related_name="faq_questions", blank=True
    )
    # The site's project fields of the faq.form screen, by name (docs/host.md, "Project fields").
    extra = models.JSONField(_("project fields"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["deleted_at", "position"], name="faq_question_order")]

    def __str__(self) -> str:
        return translate(self.question) or self.anchor or f"#{self.pk}"


class Placement(models.Model):
    """A question's place in one category's own order."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="placements")
    category = models.ForeignKey(
        "categories.Category", on_delete=models.CASCADE, related_name="faq_placements"
    )
    position = models.PositiveIntegerField(_("order in the category"), default=0)

    class Meta:
        verbose_name = _("place in a category")
        verbose_name_plural = _("places in categories")
        constraints = [
            models.UniqueConstraint(fields=["question", "category"], name="faq_placement_once"),
        ]
        indexes = [models.Index(fields=["category", "position"], name="faq_placement_order")]

    def __str__(self) -> str:
        return f"{self.question_id} in {self.category_id} at {self.position}"


class Access(models.Model):
    """Holds the FAQ's permissions, named as the spec names them; it has no table."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("view", _("See the questions in the panel")),
            ("manage", _("Create, change, order and delete questions")),
            ("categories.manage", _("Manage the FAQ categories")),
        ]

    def __str__(self) -> str:
        return "faq permissions"
