"""The limits every door and operation shares, so that the API, the agent tools, the panel and the
rules refuse the same values: ids, whole numbers, list pages."""

MAX_ID = 2**63 - 1  # ids are 64-bit (DEFAULT_AUTO_FIELD) on every database
MAX_INTEGER = 2_147_483_647  # the largest number a positive integer column holds on every database
DEFAULT_PER_PAGE = 25  # rows per page of a list, unless the caller asks for another number
MAX_PER_PAGE = 200  # the most rows one page of a list gives
MAX_NOTE_LENGTH = 10_000  # characters in one staff note
MAX_LANGUAGE_CODE_LENGTH = 10  # a language code as the site names its languages (en, de, pt-br)
