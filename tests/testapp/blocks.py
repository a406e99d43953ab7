"""The test module's block parts: a block holder (posts), a collection (snippets by group), its
block code, a block code that records its head calls, and one that adds JSON-LD to the head. Registered by apps.py when the block
system is installed; the testapp itself runs without it."""

from __future__ import annotations

from typing import Annotated

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from pydantic import Field

from frontdesk.blocks.codes import BlockCode, BlockValues, EditorField, refuse
from frontdesk.blocks.collections import Choice, Collection
from frontdesk.blocks.holders import BlockHolder, slugs_in
from tests.testapp.models import BlockPost, Snippet, SnippetGroup

HEAD_CALLS: list[tuple[str, object]] = []  # (block code, values) of every head call, for tests


def posts_per_type(slugs) -> dict[str, int]:
    """One query: every post's content, counted here (a real holder counts in the database)."""
    counts = dict.fromkeys(slugs, 0)
    for content in BlockPost.objects.values_list("content", flat=True):
        used = set().union(*(slugs_in(blocks) for blocks in (content or {}).values()))
        for slug in used & counts.keys():
            counts[slug] += 1
    return counts


HOLDER = BlockHolder(name="test-posts", label="Test posts", count=posts_per_type)


class SnippetValues(BlockValues):
    group: Annotated[str, Field(min_length=1, max_length=50)]
    limit: Annotated[int, Field(ge=1, le=50)] = 10


def group_choices(language: str) -> list[Choice]:
    return [
        Choice(group.slug, group.name, hidden=group.hidden) for group in SnippetGroup.objects.order_by("name")
    ]


def snippets_for(values_list, language: str) -> list[list[Snippet]]:
    """One query for every block: the snippets of all named groups, then shared out."""
    groups = {values.group for values in values_list}
    by_group: dict[str, list[Snippet]] = {}
    for snippet in Snippet.objects.filter(group__in=sorted(groups)).order_by("position", "id"):
        by_group.setdefault(snippet.group, []).append(snippet)
    return [by_group.get(values.group, [])[: values.limit] for values in values_list]


def snippets_head(values, items, request) -> None:
    HEAD_CALLS.append(("snippets-collection", [item.text for item in items]))


COLLECTION = Collection(
    name="test-snippets",
    items=snippets_for,
    pickers={"groups": group_choices},
    head=snippets_head,
)


class SnippetsBlock(BlockCode):
    slug = "test-snippets"
    label = "Snippets"
    values = SnippetValues
    collection = "test-snippets"
    editor = (
        EditorField("group", "select", "Group", required=True, picker="test-snippets/groups"),
        EditorField("limit", "number", "How many", min=1, max=50),
    )

    def check(self, values: SnippetValues, *, language: str) -> None:
        if not SnippetGroup.objects.filter(slug=values.group).exists():
            raise refuse("group", f"There is no group {values.group}.")

    def render(self, values, context) -> SafeString:
        return format_html(
            '<ul class="site-snippets">{}</ul>',
            format_html_join("", "<li>{}</li>", ((item.text,) for item in context["items"])),
        )


class NoteValues(BlockValues):
    text: Annotated[str, Field(max_length=100)] = ""


class HeadNoteBlock(BlockCode):
    """Prints its text and records each head call."""

    slug = "test-note"
    label = "Note"
    values = NoteValues
    editor = (EditorField("text", "text", "Text", max_length=100),)

    def render(self, values, context) -> SafeString:
        return format_html("<p>{}</p>", values.text)

    def head(self, values, context, request) -> None:
        HEAD_CALLS.append(("test-note", values.text))


def register() -> None:
    from frontdesk.blocks.codes import register_block_code
    from frontdesk.blocks.collections import register_collection
    from frontdesk.blocks.holders import register_block_holder

    register_block_holder(HOLDER)
    register_collection(COLLECTION)
    register_block_code(SnippetsBlock())
    register_block_code(HeadNoteBlock())
    register_block_code(QuestionBlock())


class QuestionValues(BlockValues):
    question: Annotated[str, Field(min_length=1, max_length=200)]


class QuestionBlock(BlockCode):
    """A question that adds itself to the page's FAQPage node through the head collector, as a
    FAQ block does: several of them make one node (tests/blocks/test_head_order.py)."""

    slug = "test-question"
    label = "Question"
    values = QuestionValues
    editor = (EditorField("question", "text", "Question", required=True, max_length=200),)

    def render(self, values, context) -> SafeString:
        return format_html('<section class="test-question"><h2>{}</h2></section>', values.question)

    def head(self, values, context, request) -> None:
        from frontdesk.publishing.head import head_of

        node = {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "mainEntity": [
                {
                    "@type": "Question",
                    "name": values.question,
                    "acceptedAnswer": {"@type": "Answer", "text": f"The answer to {values.question}"},
                }
            ],
        }
        head_of(request).add_json_ld("faq", node)
