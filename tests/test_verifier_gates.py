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


def test_gate_memo_switched_off_gives_identical_reports():
    """The verifier's memos in ``Speed`` (``check_gates``: which checks pass the type and fact
    gates, per set of types and facts present; ``verdicts``: judges' verdicts by layer) change
    no report: every equivalence case, run twice with them (the second run served from them)
    and once without, gives the same report; and a run on a caller's ``Context``
    (``verify(..., context=)``) gives the same report as well."""
    from driftcheck.speed import Speed, Stores, use
    from driftcheck.verifier import verify

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
    with use(Speed(stores=Stores()).without("check_gates", "verdicts")):
        off = run()
    assert first == again == on_ctx == off
