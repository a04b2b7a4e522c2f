"""Domain knowledge for the ranking, behind a small interface (`Lexicon`).

The ranking (`navigator.ranking`) asks its lexicons what a question's domain words say (the
metrics it names and their line items, the kinds of section it names, the years it asks
about) and which kind of section a node is and which years it shows (`interface`). The
finance lexicon (`finance.FINANCE`: a glossary of metrics, the financial statements, fiscal
periods) is on by default. `load_lexicons("finance,mypkg.words:GARDEN")` chooses others
(`registry`): ``"none"`` switches domain knowledge off, ``"package.module:NAME"`` adds one's
own, most simply a `GlossaryLexicon(name, entries)` of data (`glossary`).
"""

from vectorless_assets.navigator.lexicons.glossary import Entry, GlossaryLexicon
from vectorless_assets.navigator.lexicons.interface import Lexicon, Lexicons, Need, Reading
from vectorless_assets.navigator.lexicons.registry import (
    DEFAULT_SPEC,
    LexiconChoice,
    LexiconError,
    as_lexicons,
    default_lexicons,
    load_lexicons,
)

__all__ = [
    "DEFAULT_SPEC",
    "Entry",
    "GlossaryLexicon",
    "Lexicon",
    "LexiconChoice",
    "LexiconError",
    "Lexicons",
    "Need",
    "Reading",
    "as_lexicons",
    "default_lexicons",
    "load_lexicons",
]
