"""The Inbox section of the panel: thin pages that read through `inbox.queries` and write
through the panel JSON API (`inbox.api`)."""
