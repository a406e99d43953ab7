"""The inbox's MCP tools (docs/inbox.md, "Agent tools")."""


def register_inbox_tools() -> None:
    """Registered from InboxConfig.ready()."""
