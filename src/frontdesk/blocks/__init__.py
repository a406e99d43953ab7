"""The block system: block types as rows matched by slug with the code a module registers, block
content (a list of blocks per language) cleaned and rendered, the collections a block type draws
items from, offering and installing block types, the Block types screen and the block editor.

Optional: the host and the inbox run without it, and nothing outside this package imports it
(docs/host.md, "Blocks").
"""
