"""The Pages section of the panel: the list (with a Bin tab) and the editor."""
