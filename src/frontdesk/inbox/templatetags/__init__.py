"""Template tags of the inbox: {% load inbox %} gives {% inbox_form %}."""
