"""The FAQ service: questions and answers per language in shared categories, shown on pages
through the FAQ block (docs/faq.md)."""
