"""The picture library's panel page: the library, read through `pictures.queries`, changed
through the panel JSON API (`pictures.api`)."""
