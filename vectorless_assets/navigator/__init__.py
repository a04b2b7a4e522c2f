"""Reading compiled IRs: a cursor over one document, `locate` without an LLM, and a catalog
over a folder of IRs. Pure Python: never imports Dagster.
"""

from vectorless_assets.navigator.catalog import Catalog
from vectorless_assets.navigator.cursor import DocumentNavigator
from vectorless_assets.navigator.locate import Locator
from vectorless_assets.navigator.views import NavigationError

__all__ = ["Catalog", "DocumentNavigator", "Locator", "NavigationError"]
