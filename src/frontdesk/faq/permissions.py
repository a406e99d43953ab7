"""The FAQ's permission names, for code (templates keep `perms.faq.view`)."""

VIEW = "faq.view"
MANAGE = "faq.manage"
MANAGE_CATEGORIES = "faq.categories.manage"
