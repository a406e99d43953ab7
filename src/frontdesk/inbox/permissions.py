"""The inbox's permission names, used in code instead of string literals (templates keep
`perms.inbox.view`). A token's scopes follow from them: inbox:read for VIEW, inbox:write for
the others (docs/api.md)."""

VIEW = "inbox.view"  # opens the inbox, its submissions, files and export
UPDATE = "inbox.update"  # changes status and assignee, writes notes, deletes submissions
MANAGE = "inbox.manage"  # builds forms and fields, edits statuses
