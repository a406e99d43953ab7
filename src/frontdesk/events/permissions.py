"""The events' permission names, for code (templates keep `perms.events.view`); declared on
`events.models.Access`."""

VIEW = "events.view"  # reads events, drafts included
MANAGE = "events.manage"  # creates, edits, publishes, unpublishes and bins events
MANAGE_CATEGORIES = "events.categories.manage"  # the event categories
