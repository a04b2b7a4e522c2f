"""Small hand-made trees for the index-pass unit tests (fields set explicitly, no frontend)."""

from __future__ import annotations

from dataclasses import dataclass, field

from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode


@dataclass
class N:
    """A node spec: title, own content, children, and the enhance/enrich fields."""

    title: str
    content: str = ""
    children: list[N] = field(default_factory=list)
    summary: str = ""
    hints: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    refs: list[tuple[str, str]] = field(default_factory=list)  # (reference text, target title)


def build(root: N) -> DocumentTree:
    """Preorder ids "0001"…, structure numbers and depths; refs resolved by target title."""
    nodes: list[TreeNode] = []
    specs: list[N] = []

    def add(spec: N, parent: str | None) -> str:
        node_id = f"{len(nodes) + 1:04d}"
        node = TreeNode(
            node_id=node_id,
            parent=parent,
            title=spec.title,
            content=spec.content,
            summary=spec.summary,
            question_hints=list(spec.hints),
            routing_keywords=list(spec.tags),
        )
        nodes.append(node)
        specs.append(spec)
        node.children = [add(child, node_id) for child in spec.children]
        return node_id

    add(root, None)
    by_title = {n.title: n.node_id for n in nodes}
    for node, spec in zip(nodes, specs, strict=True):
        node.references = [
            NodeReference(
                text=text,
                kind="section",
                target=target,
                target_node_id=by_title.get(target),
                confidence=0.8,
            )
            for text, target in spec.refs
        ]
    return DocumentTree(nodes=nodes).renumbered()


def snapshot(tree: DocumentTree) -> str:
    """JSON of the whole tree, to check a pass did not mutate its input."""
    return tree.model_dump_json()


class FakeLLM:
    """In-process LLMClient: canned answers by prompt keyword, or LLMError when `fail`."""

    model = "fake-model"

    def __init__(self, answers: dict[str, str] | None = None, fail: bool = False) -> None:
        self.answers = answers or {}
        self.fail = fail
        self.prompts: list[str] = []

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        from vectorless_assets.llm.protocol import LLMError

        self.prompts.append(prompt)
        if self.fail:
            raise LLMError("fake failure")
        for key, answer in self.answers.items():
            if key in prompt:
                return answer
        return ""
