"""Pages: the site's own pages, each a title, an address and a list of blocks per language, drafted
and published with the host's versions, in the bin when deleted, one of them the home page and
some of them in the site's menu (docs/host.md, "Pages").

Optional: it requires the block system; the host and the inbox run without it, and no module
outside this package imports it (the host's hooks are publishing/navigation.py).
"""
