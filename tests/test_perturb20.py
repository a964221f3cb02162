"""The perturbation campaign (benchmarks/wild/perturb.py, session 20): its variants are
deterministic, its string swaps come from the comparisons in the source, and a mis-count is
reported as WRONG with the change that produced it."""

from __future__ import annotations

import ast
import copy
import textwrap

import pytest

from benchmarks.wild import perturb

SRC = textwrap.dedent(
    """
    import torch.nn as nn

    class Net(nn.Module):
        def __init__(self, dim=8, mode="sum", depth=2, bias=True, scale=None):
            super().__init__()
            if mode == "sum":
                self.a = nn.Linear(dim, dim, bias=bias)
            elif mode in ("cat", "gate"):
                self.a = nn.Linear(2 * dim, dim, bias=bias)
            if scale is not None:
                self.s = nn.Linear(dim, scale)
            self.b = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))

    model = Net(dim=8, mode="sum", depth=2, bias=True)
    """
)


def test_sites_and_mutations_follow_the_source():
    facts = perturb.Facts()
    perturb.scan(ast.parse(SRC), facts)
    assert facts.strings["mode"] == {"sum", "cat", "gate"}
    assert "scale" in facts.none
    found = {s.param: s for s in perturb.sites(SRC)}
    assert set(found) >= {"dim", "mode", "depth", "bias"}
    assert perturb.mutations(found["mode"], facts) == ["cat", "gate"]
    assert perturb.mutations(found["bias"], facts) == [False]
    assert perturb.mutations(found["depth"], facts) == [1, 3, 4]


def test_variants_are_deterministic_and_parse():
    facts = perturb.Facts()
    perturb.scan(ast.parse(SRC), facts)
    a = perturb.variants("x/lib/case", "lib", SRC, 4, 7, facts)
    b = perturb.variants("x/lib/case", "lib", SRC, 4, 7, facts)
    assert [(v.text, v.change) for v in a] == [(v.text, v.change) for v in b]
    assert len(a) == 4 and len({v.text for v in a}) == 4
    for v in a:
        assert v.text != SRC and v.change
        ast.parse(v.text)
    c = perturb.variants("x/lib/case", "lib", SRC, 4, 8, facts)
    assert [v.text for v in c] != [v.text for v in a]


def test_plan_of_real_dev_files_is_deterministic():
    one = perturb.plan(["main"], {"standalone"}, 2, 2, 0)
    two = perturb.plan(["main"], {"standalone"}, 2, 2, 0)
    assert [(v.case, v.change) for v in one] == [(v.case, v.change) for v in two]
    assert len({v.case for v in one}) == 2 and len(one) == 4


def test_campaign_reports_a_planted_miscount():
    pytest.importorskip("torch")
    todo = perturb.plan(["main"], {"standalone"}, 2, 2, 0)
    items = perturb.campaign(todo, ["full"], timeout=240)["full"]
    per, wrong = perturb.score(items)
    built = [it for it in items if "params" in it["truth"]]
    assert built, "torch built none of the variants"
    assert per["standalone"]["variants"] == 4 and per["standalone"]["built"] == len(built)
    # the analyzer's answers as they are: whatever they say, the table adds up
    counted = sum(per["standalone"][k] for k in ("exact", "unknown", "wrong", "tool failure"))
    assert counted == len(built)
    # a planted mis-count: one built variant's static answer off by one
    planted = copy.deepcopy(items)
    it = next(x for x in planted if "params" in x["truth"])
    it["static"] = {"outcome": "exact", "got": it["truth"]["params"] + 1, "notes": []}
    per2, wrong2 = perturb.score(planted)
    assert per2["standalone"]["wrong"] == per["standalone"]["wrong"] + (
        0 if any(w["change"] == it["change"] and w["case"] == it["case"] for w in wrong) else 1
    )
    hit = [w for w in wrong2 if w["case"] == it["case"] and w["change"] == it["change"]]
    assert hit and hit[0]["want"] == it["truth"]["params"] and hit[0]["got"] == hit[0]["want"] + 1
