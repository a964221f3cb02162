"""Session 25 review (review25): the shared tie rule, the crash templates' one registry, and
the opt-in ``--assume-env-defaults`` flag."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

TIES = """
import torch.nn as nn


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(96, 16)
        self.proj = nn.Linear(16, 16)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(96, 16)
        self.encoder = Stack()
        self.decoder = Stack()
        self.encoder.embed_tokens.weight = self.shared.weight
        self.decoder.embed_tokens.weight = self.shared.weight
        self.lm_head = nn.Linear(16, 96, bias=False)
HEAD_TIE

    def forward(self, src, tgt):
        h = self.encoder.proj(self.encoder.embed_tokens(src))
        y = self.decoder.proj(self.decoder.embed_tokens(tgt)) + h.mean(1, keepdim=True)
        return self.lm_head(y)
"""


@pytest.mark.parametrize("head_tie", [False, True])
def test_input_share_one_rule_for_stated_and_derived_tie(tmp_path: Path, head_tie: bool) -> None:
    """Input tables sharing ``shared`` are no head tie; a head sharing it is. The source
    parser's fact and the matcher's derived fact apply the one ``input_share`` rule and agree
    with torch's ``lm_head.weight is shared.weight``."""
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive
    from driftcheck.graph.model import input_share
    from driftcheck.parsers.source import parse_source

    tie = "        self.lm_head.weight = self.shared.weight" if head_tie else ""
    path = tmp_path / "m.py"
    path.write_text(TIES.replace("HEAD_TIE", tie))
    m = runpy.run_path(str(path))["M"]()
    truth = m.lm_head.weight is m.shared.weight
    assert truth is head_tie
    assert m.encoder.embed_tokens.weight is m.shared.weight

    g = parse_source(str(path), entry="M")
    stated = g.facts.get("tieWordEmbeddings")
    assert (stated.value if stated else False) is truth
    items, _ = canonicalise(g, g)
    derived = derive(items).get("tieWordEmbeddings")
    assert (derived.value if derived else False) is truth

    tables = {n.id for n in g.nodes if n.type == "Embedding"}
    enc = next(n for n in g.nodes if n.id == "encoder/embed_tokens")
    assert input_share(enc, tables)
    head = next(n for n in g.nodes if n.id == "lm_head")
    assert not input_share(head, tables)  # no table: its share is a head tie


def test_crash_batches_share_one_template_registry() -> None:
    """Every ``templates*.py`` batch takes ``T`` and ``template`` from ``templates.registry``
    (one definition, 17 copies before), each batch with a table of its own."""
    import sys

    crash = Path(__file__).resolve().parents[1] / "benchmarks" / "crash"
    files = sorted(crash.glob("templates*.py"))
    assert len(files) >= 17
    for f in files:
        text = f.read_text()
        assert "def template(" not in text or f.name == "templates.py", f.name
        assert "T, template = registry()" in text, f.name
    sys.path.insert(0, str(crash))
    try:
        from templates import registry
    finally:
        sys.path.remove(str(crash))
    t1, deco1 = registry()
    t2, _ = registry()
    src = deco1("a", "(2, 3)", "tokens")("class Net: ...")
    assert src == "class Net: ..."
    assert t1 == {"a": {"src": src, "input": "(2, 3)", "kind": "tokens"}} and t2 == {}
