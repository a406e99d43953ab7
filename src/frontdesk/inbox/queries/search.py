"""The explorer's search: a form's rows whose answers hold every word of `q` as a word's beginning.

One rule on every database (inbox/words.py, docs/architecture.md "Search"); each database gets
an index that answers it:

- PostgreSQL: `search_text LIKE '%word%'`, served by the trigram index of migration 0004, and
  `strpos(search_text, ' word') > 0` for the word's beginning;
- SQLite: an FTS5 table over `search_text` and `form_id` (migration 0005), asked for
  `form_id : "7" AND search_text : ("word"*)`, so it answers the form's matches by itself;
- MariaDB: a FULLTEXT index (migration 0005), `+word*` per word in boolean mode, and then the
  exact `LIKE BINARY '% word%'` on the rows it found, because InnoDB splits words by its own
  character tables and compares by the column's collation (accent-blind), so it finds a
  superset and the LIKE keeps what the rule keeps.

Words shorter than an index holds (MIN_INDEXED, or MariaDB's innodb_ft_min_token_size) are
tested with the LIKE alone, on the rows the other words leave; results are the same, only
slower on a large form.
"""

from __future__ import annotations

import functools
import re

from django.db import connections
from django.db.models import F, Lookup, Q, QuerySet, Value
from django.db.models.expressions import RawSQL
from django.db.models.functions import StrIndex
from django.db.models.lookups import GreaterThan

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


class _BooleanMatch(Lookup):
    """MATCH (column) AGAINST (%s IN BOOLEAN MODE), as a condition of its own (never `= 1`:
    MATCH answers a relevance, not a boolean)."""

    lookup_name = "boolean_match"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        column, column_params = self.process_lhs(compiler, connection)
        against, against_params = self.process_rhs(compiler, connection)
        return f"MATCH ({column}) AGAINST ({against} IN BOOLEAN MODE)", (*column_params, *against_params)


@functools.cache
def _mariadb_token_sizes(alias: str) -> tuple[int, int]:
    """(innodb_ft_min_token_size, innodb_ft_max_token_size): read-only server settings, so
    asked once per process."""
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT @@innodb_ft_min_token_size, @@innodb_ft_max_token_size")
        low, high = cursor.fetchone()
    return int(low), int(high)


def _starts_a_word(rows: QuerySet, word: str, vendor: str) -> QuerySet:
    if vendor == "postgresql" and len(word) >= 3:
        # The index gets LIKE '%word%', whose trigrams are the word's own; '% word%' would add
        # "  w" and " wo", shared by every word that begins so, and read far more of the index
        # (invoice: 0.4 s instead of 0.05 s at a million rows). strpos then tests the beginning.
        return rows.filter(search_text__contains=word).filter(_at_a_word_start(word))
    # Django's contains is LIKE BINARY on MariaDB and escapes % and _ (which words never hold).
    return rows.filter(search_text__contains=" " + word)


def _at_a_word_start(word: str) -> Q:
    return Q(GreaterThan(StrIndex(F("search_text"), Value(" " + word)), 0))


def form_rows(form: Form, query: str, *, counting: bool = False) -> QuerySet:
    """The form's submissions that hold every word of `query` (none when it has no words).

    `counting`: the rows will be counted, not read in date order; on SQLite they are then
    always read by id, which costs as many rows as match, never the whole form.
    """
    wanted = sorted(set(words(query)))
    if not wanted:
        return Submission.objects.none()
    rows = Submission.objects.all()
    vendor = connections[rows.db].vendor
    if vendor == "sqlite":
        rows = _sqlite(rows, form, [word for word in wanted if len(word) >= MIN_INDEXED], counting)
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
        if vendor != "sqlite" or len(word) < MIN_INDEXED:
            rows = _starts_a_word(rows, word, vendor)
    return rows


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
