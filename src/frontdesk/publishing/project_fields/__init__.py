"""Project fields: a site's own fields on an app's editing screens (docs/host.md, "Project fields").

Types are a registry (`types.py`), a site's patch lists are read per screen (`patches.py`), and
values are judged, merged, answered and read in one place (`values.py`)."""

from frontdesk.publishing.project_fields.patches import (
    CARD,
    SCREENS,
    ProjectField,
    Screen,
    field_named,
    fields_of,
    register_screen,
)
from frontdesk.publishing.project_fields.types import FIELD_TYPES, FieldType, register_field_type
from frontdesk.publishing.project_fields.values import clean_extra, listed_extra, read_value

__all__ = [
    "CARD",
    "FIELD_TYPES",
    "SCREENS",
    "FieldType",
    "ProjectField",
    "Screen",
    "clean_extra",
    "field_named",
    "fields_of",
    "listed_extra",
    "read_value",
    "register_field_type",
    "register_screen",
]
