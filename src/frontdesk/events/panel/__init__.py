"""The events panel: the editor's project-fields screen so far (the Events section is issue 28)."""
