"""Shared categories (docs/host.md, "Shared categories"): one `Category` model that several modules
use, each through its own registered category type (FAQ's without addresses, events' with them).

`types` holds the registry, `operations` the rules, `queries` the reads, and `api`, `mcp_tools`,
`panel` the ready-made doors a module mounts with its own path, permission and screen id.
"""
