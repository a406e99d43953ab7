"""The inbox service: forms built in the panel, a public door, submissions handled by staff."""
