"""Settings groups: typed settings stored in the database, one screen each, behind the permission
core.settings.manage (docs/host.md, "Settings groups").

- `registry.py`: `Group`, `register_settings_group`, `GROUPS`; `kinds.py`: the kinds of setting;
- `groups.py`: the host's groups, SEO and Integrations;
- `operations.py`: `update_group`, the one write path of every door; `queries.py`: `find_group`;
- `reading.py`: `stored_values`, the cached read the site's code uses;
- `seo.py`: the Organization's `@id` and JSON-LD, the site name, page titles;
- `outputs.py`: the shape the API and the agent tools answer with.
"""
