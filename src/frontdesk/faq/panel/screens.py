"""The FAQ's editing screens, as the host's project fields know them (docs/host.md, "Project
fields"): the question editor and the categories' editor."""

from frontdesk.publishing.project_fields import Screen

# The question editor: its project fields' values are the question's `extra`. Their errors are
# keyed by their names beside the question's own, and the tools take `question`, `category`,
# `ids`, `dry_run` beside the values: none of these may be a project field's name.
FAQ_FORM = Screen(
    "faq.form",
    model="faq.Question",
    reserved=frozenset(
        {
            "id",
            "question",
            "answer",
            "categories",
            "published",
            "anchor",
            "position",
            "order",
            "extra",
            "visible_in",
            "category",
            "ids",
            "dry_run",
        }
    ),
)
# The categories' screen: registered by the host's category type (categories/types.py).
FAQ_CATEGORY_FORM = "faq.category-form"
CATEGORY_TYPE = "faq"
