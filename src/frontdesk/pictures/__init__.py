"""The picture library (docs/host.md, "The picture library"): pictures uploaded into the media
storage under a stable key, with alt text per language and responsive renditions.

What other modules use (from `queries` and `uses`; the package itself imports nothing, as an
app's package is imported before its models are ready):

    resolve_pictures(keys, language=...) -> {key: PictureView}   one query for any number of keys
    PICTURE_USES / register_picture_use(PictureUse(name, label, find))   where a key is used
    picture_named(key)                                                     the row, or NotFound
    clean_picture_key(value) -> str                  a cover's key as stored; refused when no picture

The rules are in `operations`, the reads in `queries`, the file handling in `images`; the doors
are `api` (/api/cms/pictures), `mcp_tools` (pictures_list), the panel section `panel` and the
picker `static/frontdesk/js/picture-picker.js`.
"""
