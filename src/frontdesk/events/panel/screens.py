"""The event editor as the host's project fields know it (docs/host.md, "Project fields"). The
category editor's screen, `events.category-form`, is registered with the category type (apps.py)."""

from frontdesk.publishing.project_fields import Screen

# Its project fields' values are the event's `extra`; their errors are keyed by their names,
# beside the event's own values, so none of these may be a project field's name.
EVENT_FORM = Screen(
    "events.form",
    model="events.Event",
    reserved=frozenset(
        {
            "title", "slug", "lead", "description", "date_note", "price", "starts_at", "ends_at",
            "all_day", "format", "venue", "address", "map_url", "price_amount", "booking_url",
            "photos", "highlights", "categories", "services", "seo", "extra", "revision", "event",
            "language", "publish", "state",
        }
    ),
)  # fmt: skip
