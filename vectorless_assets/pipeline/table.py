"""The pass table: the one declaration the compiler, the Dagster assets and the docs come from.

Each row names a pass, its pure function, the fields it reads and writes, its phase, its
version (bump it when the pass's output changes for the same input), the modes that run it
and whether it can use an LLM. Rows are in execution order (a topological order of reads).
A pass that reads a version of the tree gets it as its `tree` argument, whichever version it
is (`tree_built` ... `tree`); every other read is passed under the field's own name. So a
new tree pass is a module and a row: its neighbours' signatures do not change.

Where the spec contradicts itself, we decided:

1. **Modes.** The IR spec's Fast mode lists Parse → Build → Validate → Split → Navigation but
   leaves out Enrich and Verify, which the pass spec marks *required*. Fast runs the required
   passes too: parse, build, validate, split, enrich, navigation, verify. Standard adds
   enhance, reasoning, route and score. Deep runs every pass.
2. **Verify reads concepts**, which only Deep builds. Verify's hard check needs the tree only;
   `summary` and `concepts` are *optional reads*: in a mode that does not build them verify
   sees their empty defaults and reports a warning (empty summary / no concepts). Every mode
   is closed under the required reads (tested).
3. **Several passes rewrite the tree.** Each rewrite writes its own field (`tree_built` →
   `tree_split` → `tree_optimized` → `tree_enhanced` → `tree`); a pass outside the mode
   passes its input tree through unchanged (`PassTable.absent_value`). The IR's `tree` is the last
   version.
4. **Optimize runs before the indexes.** The spec runs Optimize last (after navigation), which
   would leave every index pointing at nodes that Optimize merged away. Here Optimize runs
   right after Split, before Enhance (so merged leaves are summarised once) and before Enrich
   (so references resolve against the final nodes). Every index is built from the final
   tree, so no index can point at a node that is not in it (tested on every mode).
5. **Validate checks the final tree** (not only Build's output), so it also catches what
   Split and Optimize produce; it never fails a compile (warnings only). Verify fails the
   compile only when the tree has no nodes.
6. **Aliases.** The spec's `navigation_index` is the IR field `nav_index`, its
   `concept_extraction` is `concepts` (`pipeline.fields.ALIASES`).
7. **Incremental compilation** (`pipeline.incremental`). Each row names the options the pass
   reads: its code version covers only those (with its version, whether it runs in the mode,
   the processing version and, for an LLM pass, the model), so an option only later passes
   read leaves earlier passes and their LLM calls alone (the spec's "logic fingerprint
   changed -> FullIndex" is read as an incremental update of the passes it affects; a raised
   processing version is still a full compile). `reuse` says what a recompile carries over:
   `node` (enhance: the results of every node whose subtree fingerprint is unchanged; a branch
   is redone when anything under it changed), `field` (the pass's outputs when its code
   version and every input equal the previous IR's; reasoning postings, concepts, overlap,
   routes, chains and scores are recomputed whole when their inputs changed, cheaply and
   LLM-free except the document-level calls) or `none` (frontend and tree rewrites, checks:
   cheap, always recomputed). The document-level LLM calls are named in the LLM column.
   Whatever a recompile reuses, the enrich pass gives the final tree's nodes the ids they
   had in the previous IR (`passes.common.node_ids`), so every index built after it, and the
   change set, name sections by ids that survive edits elsewhere.
"""

from __future__ import annotations

from vectorless_assets.passes import (
    build,
    chain,
    concept,
    enhance,
    enrich,
    navigation,
    optimize,
    overlap,
    parse,
    reasoning,
    route,
    score,
    split,
    validate,
    verify,
)
from vectorless_assets.pipeline.passspec import ALL, DEEP, STANDARD_UP, Pass, Phase
from vectorless_assets.pipeline.tablespec import SOURCE, TREE_PARAM, PassTable

__all__ = [
    "ALL",
    "DEEP",
    "SOURCE",
    "STANDARD_UP",
    "TABLE",
    "TREE_PARAM",
    "Pass",
    "PassTable",
    "Phase",
]

TABLE = PassTable(
    (
        Pass(
            name="parse",
            run=parse.run,
            reads=("source",),
            writes=("parsed",),
            phase="frontend",
            version="11",
            modes=ALL,
            required=True,
            llm=True,
            llm_modes=STANDARD_UP,
            llm_options=("structure_llm_calls",),
            options=(
                "use_pdf_outline",
                "use_printed_toc",
                "max_pages",
                "pdf_timeout_seconds",
                "max_source_bytes",
            ),
            reuse="none",
            document_llm_calls="uncertain PDF headings",
        ),
        Pass(
            name="build",
            run=build.run,
            reads=("parsed",),
            writes=("tree_built",),
            phase="frontend",
            version="3",
            modes=ALL,
            required=True,
            options=("thinning", "thinning_threshold"),
            reuse="none",
        ),
        Pass(
            name="split",
            run=split.run,
            reads=("tree_built",),
            writes=("tree_split",),
            phase="transform",
            version="2",
            modes=ALL,
            options=("split_max_tokens",),
            reuse="none",
        ),
        Pass(
            name="optimize",
            run=optimize.run,
            reads=("tree_split",),
            writes=("tree_optimized",),
            phase="transform",
            version="2",
            modes=DEEP,
            options=("optimize_min_tokens", "split_max_tokens"),
            reuse="none",
        ),
        Pass(
            name="enhance",
            run=enhance.run,
            reads=("tree_optimized",),
            writes=("tree_enhanced", "summary"),
            phase="analysis",
            version="1",
            modes=STANDARD_UP,
            llm=True,
            options=("mode", "summary_max_tokens", "summary_shortcut_tokens"),
            reuse="node",
            document_llm_calls="document summary",
        ),
        Pass(
            name="enrich",
            run=enrich.run,
            reads=("tree_enhanced", "parsed"),
            optional_reads=("summary",),
            writes=("tree", "description", "toc"),
            phase="transform",
            version="4",
            modes=ALL,
            required=True,
            reuse="none",
        ),
        Pass(
            name="validate",
            run=validate.run,
            reads=("tree",),
            writes=("validation",),
            phase="analysis",
            version="1",
            modes=ALL,
            reuse="none",
        ),
        Pass(
            name="reasoning",
            run=reasoning.run,
            reads=("tree",),
            optional_reads=("summary",),
            writes=("reasoning_index",),
            phase="backend",
            version="2",
            modes=STANDARD_UP,
            llm=True,
            options=("max_keywords", "postings_per_keyword", "llm_synonyms"),
            document_llm_calls="synonym expansion",
        ),
        Pass(
            name="concept",
            run=concept.run,
            reads=("tree", "reasoning_index"),
            writes=("concepts",),
            phase="backend",
            version="1",
            modes=DEEP,
            llm=True,
            options=("max_concepts",),
            document_llm_calls="concept extraction",
        ),
        Pass(
            name="navigation",
            run=navigation.run,
            reads=("tree", "description"),
            optional_reads=("summary",),
            writes=("nav_index",),
            phase="backend",
            version="2",
            modes=ALL,
        ),
        Pass(
            name="route",
            run=route.run,
            reads=("tree", "nav_index"),
            writes=("query_routes",),
            phase="backend",
            version="1",
            modes=STANDARD_UP,
        ),
        Pass(
            name="chain",
            run=chain.run,
            reads=("tree",),
            writes=("chain_index",),
            phase="backend",
            version="6",
            modes=DEEP,
        ),
        Pass(
            name="overlap",
            run=overlap.run,
            reads=("tree",),
            writes=("content_overlap",),
            phase="backend",
            version="1",
            modes=DEEP,
            options=("overlap_threshold", "overlap_min_chars"),
        ),
        Pass(
            name="score",
            run=score.run,
            reads=("tree",),
            writes=("evidence_scores",),
            phase="backend",
            version="1",
            modes=STANDARD_UP,
        ),
        Pass(
            name="verify",
            run=verify.run,
            reads=("tree",),
            optional_reads=("summary", "concepts"),
            writes=("verification",),
            phase="backend",
            version="1",
            modes=ALL,
            required=True,
            options=("mode",),
            reuse="none",
        ),
    )
)
