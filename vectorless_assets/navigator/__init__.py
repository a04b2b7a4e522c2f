"""Reading compiled IRs: a cursor over one document, `locate` without an LLM, a catalog over
a folder of IRs, and a verb list + dispatcher for agents. Pure Python: never imports Dagster.

* `views/`: the JSON views every verb returns and `NavigationError` (below all the others);
* `reading/`: the cursor over one document (`DocumentNavigator`), its verbs, and the verb
  list + dispatcher an agent drives it by;
* `ranking/`: `locate` (`Locator`: the sections of one document for a question, from the
  signals the IR carries) and LLM-guided search;
* `catalog/`: a folder of IRs (`Catalog`): cards, the cache of loaded documents, and ranking
  across its documents (`catalog/documents`);
* `lexicons/`: domain knowledge for the ranking, behind a small interface (`Lexicon`).

**Lexicons.** The ranking knows no domain; it asks its lexicons which metrics a question
names and the line items they are made of, which kinds of section (financial statements) it
names and a node is, and which years it asks about and a node shows. The finance lexicon is
on by default. `DocumentNavigator(doc, lexicons=...)`, `DocumentNavigator.open(path,
lexicons=...)`, `Catalog(folder, lexicons=...)` and `Locator(doc, lexicons=...)` take other
lexicons: ``"none"`` (domain knowledge off), a spec such as ``"finance,mypkg.words:GARDEN"``
(built-in names, or ``package.module:NAME`` for one's own, e.g. a
`lexicons.GlossaryLexicon` of data), or `Lexicon` objects. The CLI and the MCP server take
theirs from ``VECTORLESS_LEXICONS`` (default ``finance``). See docs/lexicons.md.
"""

from vectorless_assets.navigator.catalog.catalog import Catalog
from vectorless_assets.navigator.ranking.locate import Locator
from vectorless_assets.navigator.reading.agent import VERBS, dispatch, verbs
from vectorless_assets.navigator.reading.cursor import DocumentNavigator
from vectorless_assets.navigator.views import NavigationError

__all__ = [
    "VERBS",
    "Catalog",
    "DocumentNavigator",
    "Locator",
    "NavigationError",
    "dispatch",
    "verbs",
]
