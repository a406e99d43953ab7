"""The services' permission names, used in code instead of string literals (templates keep
`perms.services.view`). The scopes of a token follow from them (services:read, services:write)."""

VIEW = "services.view"  # reads services, hidden ones included
MANAGE = "services.manage"  # creates, changes, orders, puts in the bin and restores
