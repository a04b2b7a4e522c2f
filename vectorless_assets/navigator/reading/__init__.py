"""Reading one compiled document: the cursor (`cursor.DocumentNavigator`) and its verbs.

Moving and reading (`cursor`, `paths`, `paging`), searching (`searchverbs`), overviews
(`overviewverbs`), the acceleration indexes (`indexverbs`), the JSON views every verb
returns (`views`) and the verb list + dispatcher an agent drives it by (`agent`). The
cursor's `locate` is the ranking's (`navigator.ranking`).
"""
