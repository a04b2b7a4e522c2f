"""Reading compiled IRs: a cursor over one document, `locate` without an LLM, a catalog over
a folder of IRs, and a verb list + dispatcher for agents. Pure Python: never imports Dagster.
"""

from vectorless_assets.navigator.agent import VERBS, dispatch, verbs
from vectorless_assets.navigator.catalog import Catalog
from vectorless_assets.navigator.cursor import DocumentNavigator
from vectorless_assets.navigator.locate import Locator
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
