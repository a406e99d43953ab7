"""`{{ row|extra:"budget" }}`: a project field's value, in the page's language (docs/host.md,
"Project fields").

A filter rather than a tag, so the value keeps its kind: Django localises a number or a date as
it prints it (1200,5 in German), and it chains (`{{ form|extra:"opens"|date:"j F Y" }}`,
`{% if form|extra:"urgent" %}`). A localized field reads by the host's fallback rule; a choice
prints its label; a name not on the row's screen, or a field without a value, prints nothing.
A row whose model several screens share (a category: FAQ's or events') is on the screen whose
`only` values it has; an object that is no model row (the FAQ's collection) names its screen in
`project_fields_screen`.
"""

from django import template

from frontdesk.publishing.project_fields import field_named, read_value
from frontdesk.publishing.project_fields.patches import screen_of_row

register = template.Library()


@register.filter
def extra(row, name: str):
    own = getattr(row, "project_fields_screen", None)
    screen = screen_of_row(row) if hasattr(row, "_meta") and own is None else None
    screen_id = own or (screen.id if screen else "")
    field = field_named(screen_id, name) if screen_id else None
    if field is None:
        return ""
    return read_value(field, (getattr(row, "extra", None) or {}).get(name))
