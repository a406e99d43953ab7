"""The inbox's public side: the door's POST view and the demo's form pages (views.py), the
door's address (urls.py, outside the language prefixes) and the pages' (page_urls.py)."""
