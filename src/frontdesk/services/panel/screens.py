"""The services' editing screen, as the host's project fields know it (docs/host.md, "Project fields")."""

from frontdesk.publishing.project_fields import Screen

# The service editor: its project fields' values are the service's `extra`. Their errors are
# keyed by their names beside the service's own, and the tools take `service`: so none of these
# may be a project field's name.
SERVICE_FORM = Screen(
    "services.form",
    model="services.Service",
    reserved=frozenset(
        {
            "title",
            "slug",
            "lead",
            "cover",
            "description",
            "seo",
            "is_visible",
            "position",
            "extra",
            "service",
            "order",
        }
    ),
)
