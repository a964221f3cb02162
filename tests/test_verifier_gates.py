"""Check gates (``Check.types`` / ``facts`` / ``when``) only skip checks that would find nothing.

The runner skips a check whose declared node types and facts are all absent from the graph,
or whose ``when`` test fails (docs/verifier.md, speed). A gate is a claim about the check's
code; this test runs every gated check, ungated, over every graph of the equivalence cases
(tests/verifier_cases.py) that its gate would skip, and asserts it yields nothing there.
"""

from driftcheck.verifier import all_checks
from driftcheck.verifier.context import Context
from tests.verifier_cases import cases


def test_gated_checks_find_nothing_where_they_are_skipped():
    gated = [c for c in all_checks() if c.types or c.facts or c.when]
    assert len(gated) >= 40
    skipped = 0
    wrong = []
    for name, g, opts in cases():
        ctx = Context(g, opts)
        types, facts = ctx.by_type.keys(), g.facts.keys()
        for c in gated:
            if (
                (c.types and types.isdisjoint(c.types))
                or (c.facts and facts.isdisjoint(c.facts))
                or (c.when is not None and not c.when(ctx))
            ):
                skipped += 1
                hits = list(c.run(ctx))
                if hits:
                    wrong.append((c.id, name, hits[0].message))
    assert not wrong, f"{len(wrong)} gated checks would have found something: {wrong[:5]}"
    assert skipped > 10_000  # the gates do skip (most graphs hold no MoE, no conv ...)


def test_gate_memo_switched_off_gives_identical_reports(monkeypatch):
    """The verifier's memos in ``Speed`` (``check_gates``: which checks pass the type and fact
    gates, per set of types and facts present; ``verdicts``: judges' verdicts by layer), with
    ``runner.LOCAL_PASS`` and ``runner.STRUCT_MEMO``, change no report: every equivalence case,
    run twice with them (the second run served from them) and once without, gives the same
    report; and a run on a caller's ``Context`` (``verify(..., context=)``) gives the same
    report as well."""
    from driftcheck.speed import Speed, Stores, use
    from driftcheck.verifier import all_checks, runner, verify

    sp = Speed(stores=Stores())

    sp = Speed(stores=Stores())
    all_cases = list(cases())

    def run(with_context: bool = False):
        out = []
        for _, g, opts in all_cases:
            ctx = Context(g, opts) if with_context else None
            out.append(verify(g, opts, context=ctx).model_dump(mode="json"))
        return out

    with use(sp):
        first, again, on_ctx = run(), run(), run(True)
    assert len(sp.stores.gates) > 1  # the memo was used
    # and the layer-local checks' one pass (``runner.LOCAL_PASS``) and the structure memo
    # (``runner.STRUCT_MEMO``) off as well: the same reports
    assert {c.id for c in all_checks() if c.local} == {"LAY002", "LAY003", "LAY011"}
    monkeypatch.setattr(runner, "LOCAL_PASS", False)
    monkeypatch.setattr(runner, "STRUCT_MEMO", False)
    with use(Speed(stores=Stores()).without("check_gates", "verdicts")):
        off = run()
    assert first == again == on_ctx == off


def _hits(c, ctx):
    return [
        (h.node.id if h.node is not None else None, h.message, dict(h.values), h.evidence)
        for h in c.run(ctx)
    ]


def test_structural_checks_read_no_params():
    """A structural check (``Check.structural``, remembered by ``runner.STRUCT_MEMO``) finds
    the same on a graph whose every layer's params were changed (ints doubled and shifted,
    other values dropped) or emptied: it reads the structure only. Over every graph of the
    equivalence cases."""
    structural = [c for c in all_checks() if c.structural]
    assert len(structural) >= 12
    compared = 0
    for name, g, opts in cases():
        changed = g.model_copy(deep=True)
        emptied = g.model_copy(deep=True)
        for n in changed.nodes:
            n.params = {
                k: 2 * v + 3 for k, v in n.params.items() if type(v) is int and k != "shape"
            }
        for n in emptied.nodes:
            if n.type != "Input":
                n.params = {}
        ctxs = [Context(x, opts) for x in (g, changed, emptied)]
        for c in structural:
            want, *others = (_hits(c, ctx) for ctx in ctxs)
            assert others == [want, want], (c.id, name)
            compared += 1
    assert compared > 10_000


def test_structure_memo_switched_off_gives_identical_reports(monkeypatch):
    """``runner.STRUCT_MEMO`` changes no report: a quarter of the equivalence cases run with it, then
    each case's graph with every layer's params changed (same structure, other layers: the
    memo answers for them), give the reports of runs without it."""
    from driftcheck.verifier import runner, verify

    runner._STRUCT.clear()
    all_cases = list(cases())[::4]

    def run(graphs):
        return [verify(g, opts).model_dump(mode="json") for g, opts in graphs]

    def changed(g):
        g = g.model_copy(deep=True)
        for n in g.nodes:
            n.params = {k: (v + 1 if type(v) is int else v) for k, v in n.params.items()}
        return g

    same = [(g, opts) for _, g, opts in all_cases]
    other = [(changed(g), opts) for g, opts in same]
    first, other_on = run(same), run(other)  # the second served from the first's memo
    assert runner._STRUCT
    monkeypatch.setattr(runner, "STRUCT_MEMO", False)
    assert first == run(same)
    assert other_on == run(other)
