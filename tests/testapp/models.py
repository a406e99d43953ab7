"""Rows of a kind no service has, for the host's helpers' tests (one section per helper)."""
