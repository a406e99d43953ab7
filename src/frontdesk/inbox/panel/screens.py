"""The inbox's editing screens, as the host's project fields know them (docs/host.md, "Project fields")."""

from frontdesk.publishing.project_fields import Screen

# The form editor: its project fields' values are the form's `extra`. Their errors are keyed by
# their names, beside the form's own (slug, title, fields.0.label...), and the tool
# inbox_form_save takes `form`: so none of these may be a project field's name.
FORM_EDITOR = Screen(
    "inbox.form-editor",
    model="inbox.Form",
    reserved=frozenset(
        {"slug", "title", "options", "is_switched_off", "email_field_name", "extra", "fields", "form"}
    ),
)
