"""The page editor as the host's project fields know it (docs/host.md, "Project fields")."""

from frontdesk.publishing.project_fields import Screen

# Its project fields' values are the page's `extra`; their errors are keyed by their names,
# beside the page's own values, so none of these may be a project field's name.
PAGE_EDITOR = Screen(
    "pages.form",
    model="pages.Page",
    reserved=frozenset(
        {"title", "slug", "content", "extra", "is_home", "in_menu", "revision", "page", "language", "publish"}
    ),
)
