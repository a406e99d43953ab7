"""Rich text (docs/host.md, "Rich text"): HTML cleaned with nh3 against one allow-list on the way
in, library pictures stored by key and resolved to their current address on the way out. From
`cleaning`, `rendering` and `uses` (the package imports nothing: an app's package is imported
before the models are ready):

    clean_rich_text(html) -> str                         what may be stored
    clean_translated_rich_text(value, stored=...) -> dict    the same, per language, merged
    fields.RichTextField                                 a model's rich text, which the versions
                                                         helper merges with this cleaning
    is_empty_rich_text(html) -> bool
    rich_text_picture_keys(html) -> set[str]
    render_rich_texts(htmls, language=...) -> [SafeString]  every picture of all of them in ONE query
    render_rich_text(html, language=...) -> SafeString
    register_rich_text_pictures(name, model, label=, fields=[...], keys=[...], url=, permission=)
                                    a model's rich text reports its pictures as uses (ONE way)

The allow-list, once: p, h2, h3, h4, strong, em, ul, ol, li, br; a with href (http, https, mailto
or a relative address), to which rel="noopener noreferrer" is added; img only as a library
picture, `<img data-picture="KEY" alt="...">`, with no src (an img without a valid key is
dropped). Everything else is taken out, its text kept (the text of script, style and the like
too is dropped). The editor is `static/frontdesk/js/richtext.js`.
"""
