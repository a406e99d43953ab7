"""The limits every door and operation shares, so that the API, the agent tools, the panel and the
rules refuse the same values: ids, whole numbers, list pages, the lengths of texts."""

MAX_ID = 2**63 - 1  # ids are 64-bit (DEFAULT_AUTO_FIELD) on every database
MAX_INTEGER = 2_147_483_647  # the largest number a positive integer column holds on every database
DEFAULT_PER_PAGE = 25  # rows per page of a list, unless the caller asks for another number
MAX_PER_PAGE = 200  # the most rows one page of a list gives
MAX_NOTE_LENGTH = 10_000  # characters in one staff note
# The lengths of texts, in characters. An input model stops what is longer before any rule reads
# it (core/inputs.py: every text of every input has a limit); a rule may ask for less in its own
# words (a service's lead: 1000).
MAX_LANGUAGE_CODE_LENGTH = 10  # a language code as the site names its languages (en, de, pt-br)
MAX_TITLE_LENGTH = 200  # a title or a name per language: a page's, a service's (the menu prints it)
MAX_NAME_LENGTH = 255  # a slug, a machine name, a key, an origin, an e-mail address (254 at most)
MAX_TEXT_LENGTH = 5_000  # any other plain text per language: a label, a hint, a lead, an answer
MAX_RICH_TEXT_LENGTH = 200_000  # the HTML of one rich text in one language
