"""Routes and 301 aliases: which object each public address belongs to, per language
(docs/host.md, "Routes and aliases").

- `registry`: route types and reserved paths, registered in `AppConfig.ready()`;
- `claims`: the rules (claim, release and reclaim for the bin, free slugs for copies);
- `rebuild`: new addresses for whole types after a prefix change (`frontdesk routes-rebuild`);
- `serving`, `urls`: the page at an address, and 301 from a former one.
"""
