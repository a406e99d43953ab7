"""The explorer's search: a form's rows whose answers hold every word of `q` as a word's beginning.

One rule on every database (inbox/words.py, docs/architecture.md "Search"); each database gets
an index that answers it:

- PostgreSQL: a GIN index of the words as a `tsvector`, each word led by its form's id
  (`7/invoice`, migration 0007), asked for `'7/invoice':*`: a prefix of a lexeme is exactly a
  word's beginning, and the form is part of every word, so the index answers "this form's rows
  with these words" by itself;
- SQLite: an FTS5 table over `search_text` and `form_id` (migration 0005), asked for
  `form_id : "7" AND search_text : ("word"*)`, so it answers the form's matches by itself;
- MariaDB: a FULLTEXT index (migration 0005), `+word*` per word in boolean mode, and then the
  exact `LIKE BINARY '% word%'` on the rows it found, because InnoDB splits words by its own
  character tables and compares by the column's collation (accent-blind), so it finds a
  superset and the LIKE keeps what the rule keeps.

Words shorter than an index holds (MIN_INDEXED on SQLite, or MariaDB's innodb_ft_min_token_size)
are tested with the LIKE alone, on the rows the other words leave; results are the same, only
slower on a large form.
"""

from __future__ import annotations

import functools
import re

from django.db import connections
from django.db.models import F, Func, IntegerField, Lookup, Q, QuerySet, TextField, Value
from django.db.models.expressions import RawSQL
from django.db.models.functions import StrIndex
from django.db.models.lookups import Exact, GreaterThanOrEqual

from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.words import MAX_WORD, words

FTS_TABLE = "inbox_submission_fts"
FULLTEXT_INDEX = "inbox_sub_search_ft"
# A prefix of one or two letters usually stands for a large share of the index: at a million
# rows (load 6) "a", "ab" and "pl" took 78-114 ms by testing the form's rows and 147-417 ms from
# the index. A rare one is the other way round ("zq": 881 ms against 8); the common case wins.
MIN_INDEXED = 3
# SQLite: fewer matches than this in the form are read by id and sorted; more, and the page
# walks the form's index in date order, testing each row against the matches, and stops after
# a page (docs/performance.md, "The inbox at a million submissions").
FEW_MATCHES = 2000
# The letters MariaDB's utf8mb4 character tables count as word characters for certain (Latin,
# Greek, Cyrillic; tests/inbox/test_search.py checks each of them on the server). A word with
# any other character is tested with the LIKE alone: InnoDB might split it where the rule does not.
MARIADB_WORD = re.compile(r"[0-9a-z\u00aa-\u024f\u0386-\u03ff\u0400-\u0481\u048a-\u0513]+")
# Names only: the words always travel as a parameter.
FTS_ROWIDS = f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"  # noqa: S608
FTS_SOME = f"SELECT COUNT(*) FROM ({FTS_ROWIDS} LIMIT %s)"  # noqa: S608
# PostgreSQL: the expression its GIN index holds (migration 0007), written the same here so that
# the planner recognises it. The cast to tsvector splits at spaces only and keeps each word as it
# is (the words are folded already and hold no quote, backslash or colon); replace() leads every
# word with the form's id and a slash, which no word holds. A tsvector holds at most 1 MB of
# distinct words, and the form's id makes a short word up to 7 times longer (" ab" -> "<19
# digits>/ab"), so a text of 100,000 bytes or more (answers of many pages) is indexed as the one
# word "#long" (no word holds "#"): such a row is a candidate for every search of its form, and
# strpos decides.
PG_WORDS = (
    "replace(CASE WHEN octet_length({text}) < 100000 THEN {text} ELSE ' #long' END,"
    " ' ', ' ' || {form}::text || '/')::tsvector"
)
PG_LONG_TEXT = 100_000
PG_LONG_WORD = "#long"


class _Condition(Lookup):
    """A condition written by `template` around the left-hand side and the right-hand side, which
    goes to the database as it is (a search expression, not a value to prepare)."""

    template = ""
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        left, left_params = self.process_lhs(compiler, connection)
        right, right_params = self.process_rhs(compiler, connection)
        return self.template.format(left=left, right=right), (*left_params, *right_params)


class _BooleanMatch(_Condition):
    """MariaDB's full-text search as a condition of its own (never `= 1`: MATCH answers a
    relevance, not a boolean)."""

    lookup_name = "boolean_match"
    template = "MATCH ({left}) AGAINST ({right} IN BOOLEAN MODE)"


class _FormWords(Func):
    """PostgreSQL: a row's words led by its form's id, as the GIN index holds them (PG_WORDS)."""

    def __init__(self):
        super().__init__(F("search_text"), F("form_id"), output_field=TextField())

    def as_sql(self, compiler, connection, function=None, template=None, arg_joiner=None, **extra_context):
        # Always PG_WORDS: Func's own parts (function, template, joiner) have no say here.
        (text, text_params), (form, form_params) = (
            compiler.compile(expression) for expression in self.get_source_expressions()
        )
        return PG_WORDS.format(text=text, form=form), (*text_params, *text_params, *form_params)


class _Matches(_Condition):
    """PostgreSQL's tsvector @@ tsquery; the query is built from folded words (_pg_query)."""

    lookup_name = "matches"
    template = "{left} @@ ({right})::tsquery"


class _OctetLength(Func):
    function = "OCTET_LENGTH"
    output_field = IntegerField()


@functools.cache
def _mariadb_token_sizes(alias: str) -> tuple[int, int]:
    """(innodb_ft_min_token_size, innodb_ft_max_token_size): read-only server settings, so
    asked once per process."""
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT @@innodb_ft_min_token_size, @@innodb_ft_max_token_size")
        low, high = cursor.fetchone()
    return int(low), int(high)


def _starts_a_word(rows: QuerySet, word: str) -> QuerySet:
    # Django's contains is LIKE BINARY on MariaDB and escapes % and _ (which words never hold).
    return rows.filter(search_text__contains=" " + word)


def form_rows(form: Form, query: str, *, counting: bool = False) -> QuerySet:
    """The form's submissions that hold every word of `query` (none when it has no words).

    `counting`: the rows will be counted, not read in date order; on SQLite they are then
    always read by id, which costs as many rows as match, never the whole form; on PostgreSQL
    the form is left to the index's words.
    """
    wanted = sorted(set(words(query)))
    if not wanted:
        return Submission.objects.none()
    rows = Submission.objects.all()
    vendor = connections[rows.db].vendor
    if vendor == "sqlite":
        rows = _sqlite(rows, form, [word for word in wanted if len(word) >= MIN_INDEXED], counting)
    elif vendor == "postgresql":
        return _postgresql(rows, form, wanted, counting)
    else:
        rows = rows.filter(form=form)
    # InnoDB takes a row into its FULLTEXT index when the row's transaction commits: inside a
    # transaction (a changing MCP tool, a test) the index misses what that transaction wrote, so
    # the LIKE alone answers there. Reads outside one (the explorer, the API, the export) use it.
    if vendor == "mysql" and not connections[rows.db].in_atomic_block:
        low, high = _mariadb_token_sizes(rows.db)
        if high >= MAX_WORD:  # else longer words were left out of the index: it cannot be trusted
            indexed = [word for word in wanted if len(word) >= max(low, 1) and MARIADB_WORD.fullmatch(word)]
            if indexed:
                rows = rows.filter(_BooleanMatch(F("search_text"), " ".join(f"+{word}*" for word in indexed)))
    for word in wanted:
        if vendor == "mysql" or len(word) < MIN_INDEXED:
            rows = _starts_a_word(rows, word)
    return rows


def _postgresql(rows: QuerySet, form: Form, wanted: list[str], counting: bool) -> QuerySet:
    """Every word, however short, from the GIN index: a one- or two-letter prefix reads no more
    of it than the form's rows would cost (a million rows: "a" 33 ms to count against 67).

    A text too long for a tsvector is a candidate for every search (PG_WORDS), so each query
    also says that every word begins a word of the text (strpos, the rule itself), in a shape
    the planner takes to keep nearly every row: a filter it guessed to keep a third made it read
    a common word's matches from the index and sort them instead of walking the form's date
    index until a page is full (a million rows, "invoice": 14 ms instead of 1).
    """
    rows = rows.filter(_Matches(_FormWords(), _pg_query(form, wanted)))
    if counting:
        # Only a long text is tested: "not (long and a word missing)". The words carry the form:
        # with form_id = ? as well, the planner and'ed the form's whole btree index into the
        # count ("invoice" at a million rows: 18 ms instead of 13).
        missing = Q()
        for word in wanted:
            missing |= _missing(word)
        return rows.exclude(Q(GreaterThanOrEqual(_OctetLength(F("search_text")), PG_LONG_TEXT)) & missing)
    # Every row is tested, "strpos(...) <> 0": walking the form's date index, this cheap test
    # comes first and turns away most rows before their tsvector is built (5 us a row; "invoice",
    # 777 rows for a page: 1 ms instead of 5). The page may also read the index's matches and
    # sort them (a rare word): the planner chooses by the index's statistics (migration 0007).
    for word in wanted:
        rows = rows.exclude(_missing(word))
    return rows.filter(form=form)


def _missing(word: str) -> Q:
    """The text has no word that begins with `word` (the rule, inbox/words.py)."""
    return Q(Exact(StrIndex(F("search_text"), Value(" " + word)), 0))


def _pg_query(form: Form, wanted: list[str]) -> str:
    """The tsquery of `wanted` in `form`, as text: each word quoted and a prefix (`:*`). Words
    hold letters, digits and marks only, so nothing in them is tsquery syntax."""
    form_id = int(form.pk)
    every = " & ".join(f"'{form_id}/{word}':*" for word in wanted)
    return f"'{form_id}/{PG_LONG_WORD}' | ({every})"


def _sqlite(rows: QuerySet, form: Form, indexed: list[str], counting: bool) -> QuerySet:
    if not indexed:
        return rows.filter(form=form)
    # Each word quoted: a word holds letters, digits and marks only, so no FTS5 syntax gets in.
    wanted = " AND ".join(f'"{word}"*' for word in indexed)
    expression = f'form_id : "{int(form.pk)}" AND search_text : ({wanted})'
    matches = RawSQL(FTS_ROWIDS, [expression])  # noqa: S611 (the words are a parameter)
    if counting or _few(rows.db, expression):
        # Without form_id = ? the planner has only the ids to go by: it looks each match up.
        return rows.filter(pk__in=matches)
    # With it, SQLite walks the form's date index and tests each row against the matches.
    return rows.filter(form=form, pk__in=matches)


def _few(alias: str, expression: str) -> bool:
    with connections[alias].cursor() as cursor:
        cursor.execute(FTS_SOME, [expression, FEW_MATCHES])
        return cursor.fetchone()[0] < FEW_MATCHES
