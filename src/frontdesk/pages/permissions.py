"""The pages' permission names, for code (templates keep `perms.pages.view`)."""

VIEW = "pages.view"  # reads pages, drafts included
MANAGE = "pages.manage"  # creates, edits, publishes, orders the menu, bins and restores
