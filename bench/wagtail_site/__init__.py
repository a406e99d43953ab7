"""A small Wagtail 8 site for bench/events.py: the page frontdesk's event page is measured beside.

It runs only in its own virtual environment (var/bench/wagtail-venv, made by bench/events.py), never
in frontdesk's; frontdesk's code does not import it. `python -m bench.wagtail_site.prepare` migrates
the database it is given and makes the page; `bench.wagtail_site.wsgi:application` serves it under
granian as `frontdesk serve` serves frontdesk.
"""
