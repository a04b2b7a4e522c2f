"""Reading one compiled document: the cursor (`cursor.DocumentNavigator`) and its verbs.

Moving and reading (`cursor`, `paths`, `paging`), searching (`searchverbs`), overviews
(`overviewverbs`), the acceleration indexes (`indexverbs`) and the verb list + dispatcher an
agent drives it by (`agent`). The JSON views every verb returns are `navigator.views`; the
cursor's `locate` is the ranking's (`navigator.ranking`).
"""
