"""MOE: mixture-of-experts routing (top-k, expert counts, router/experts agreement)."""

from __future__ import annotations

from driftcheck.verifier.base import BLOCKER, INFO, WARNING, check
from driftcheck.verifier.build import L, facts_only, net, seq
from driftcheck.verifier.context import Context

MOE_TYPES = ("MoERouter", "MoEExperts", "SparseMoE")


def _moe(e=4, k=2, h=16, i=24):
    return L("SparseMoE", hidden_size=h, num_experts=e, intermediate_size=i, top_k=k)


def _pair(router_e=4, experts_e=4, router_k=2, experts_k=2):
    """A router and its experts side by side in one block (as transformers writes them)."""
    return net(
        [
            L("Input", "x", shape=[6, 16]),
            L("Module", "moe"),
            L(
                "MoERouter",
                "gate",
                name="moe.gate",
                parent="moe",
                hidden_size=16,
                num_experts=router_e,
                top_k=router_k,
            ),
            L(
                "MoEExperts",
                "experts",
                name="moe.experts",
                parent="moe",
                hidden_size=16,
                num_experts=experts_e,
                intermediate_size=8,
                top_k=experts_k,
            ),
        ],
        ["x->gate", "x->experts"],
        ["gate", "experts"],
    )


@check(
    "MOE001",
    "top-k-exceeds-experts",
    BLOCKER,
    types=MOE_TYPES,
    phase=0,
    claims=True,
    what="A mixture-of-experts layer routes each token to more experts than it has.",
    why="The router calls `torch.topk(logits, k)` over num_experts logits: k > num_experts "
    "raises `selected index k out of range` at the first forward.",
    fix="Set top_k <= num_experts (typically 1, 2 or 8 of 8 to 256 experts).",
    valid=[seq((2, 3, 16), _moe(4, 2))],
    invalid=[
        seq((2, 3, 16), _moe(4, 6)),
        seq((6, 16), L("MoERouter", hidden_size=16, num_experts=2, top_k=3)),
    ],
)
def top_k_exceeds_experts(ctx: Context):
    def judge(n):
        v = ctx.ints(n, "num_experts", "top_k")
        return v if v and v[1] > v[0] >= 0 else None

    for n, v in ctx.verdicts(judge, *MOE_TYPES, memo="MOE001"):
        yield ctx.hit(
            n,
            f"{ctx.where(n)}: top_k={v[1]} > num_experts={v[0]}",
            values={"num_experts": v[0], "top_k": v[1]},
        )


@check(
    "MOE002",
    "top-k-not-positive",
    WARNING,
    types=MOE_TYPES,
    what="A mixture-of-experts layer routes each token to zero (or fewer) experts.",
    why="With top_k = 0 no expert runs: the layer returns zeros and the MLP is dead weight; "
    "negative values raise in torch.topk.",
    fix="Set top_k >= 1.",
    valid=[seq((2, 3, 16), _moe(4, 1))],
    invalid=[seq((2, 3, 16), _moe(4, 0))],
)
def top_k_not_positive(ctx: Context):
    def judge(n):
        v = ctx.ints(n, "top_k")
        return v if v and v[0] <= 0 else None

    for n, v in ctx.verdicts(judge, *MOE_TYPES, memo="MOE002"):
        yield ctx.hit(n, f"{ctx.where(n)}: top_k={v[0]}")


def _pairs(ctx: Context):
    routers = {n.parent: n for n in ctx.of_type("MoERouter")}
    for e in ctx.of_type("MoEExperts"):
        r = routers.get(e.parent)
        if r is not None:
            yield r, e


@check(
    "MOE003",
    "router-exceeds-experts",
    BLOCKER,
    types=("MoEExperts",),
    phase=0,
    claims=True,
    what="A router scores more experts than its experts module holds.",
    why="The router picks expert indices up to its own count; indexing the experts with an "
    "index they do not have raises IndexError as soon as a token is routed there.",
    fix="Give router and experts the same num_experts.",
    valid=[_pair(4, 4)],
    invalid=[_pair(8, 4)],
)
def router_exceeds_experts(ctx: Context):
    for r, e in _pairs(ctx):
        a, b = ctx.ints(r, "num_experts"), ctx.ints(e, "num_experts")
        if a and b and a[0] > b[0]:
            yield ctx.hit(r, f"{ctx.where(r)} routes to {a[0]} experts, {ctx.where(e)} has {b[0]}")


@check(
    "MOE004",
    "unreachable-experts",
    WARNING,
    types=("MoEExperts",),
    what="An experts module holds more experts than its router can choose.",
    why="The extra experts never receive a token: their weights cost memory and never train.",
    fix="Give router and experts the same num_experts.",
    valid=[_pair(4, 4)],
    invalid=[_pair(4, 8)],
)
def unreachable_experts(ctx: Context):
    for r, e in _pairs(ctx):
        a, b = ctx.ints(r, "num_experts"), ctx.ints(e, "num_experts")
        if a and b and a[0] < b[0]:
            yield ctx.hit(e, f"{ctx.where(e)} has {b[0]} experts, {ctx.where(r)} routes to {a[0]}")


@check(
    "MOE005",
    "router-top-k-mismatch",
    WARNING,
    types=("MoEExperts",),
    what="A router and its experts disagree on top_k.",
    why="The router's top_k decides the compute; an experts module built for another top_k "
    "means the cost model and the code disagree on active parameters.",
    fix="Use one top_k (num_experts_per_tok) for both.",
    valid=[_pair(4, 4, 2, 2)],
    invalid=[_pair(4, 4, 2, 1)],
)
def router_top_k_mismatch(ctx: Context):
    for r, e in _pairs(ctx):
        a, b = ctx.ints(r, "top_k"), ctx.ints(e, "top_k")
        if a and b and a != b:
            yield ctx.hit(e, f"{ctx.where(r)} top_k={a[0]}, {ctx.where(e)} top_k={b[0]}")


@check(
    "MOE006",
    "config-top-k-exceeds-experts",
    BLOCKER,
    facts=("numExpertsPerTok",),
    what="A config (facts only, no MoE layers in the graph) sets num_experts_per_tok above "
    "num_experts.",
    why="A model built from this config crashes in torch.topk at the first forward.",
    fix="Set num_experts_per_tok <= num_experts.",
    valid=[facts_only(numExperts=8, numExpertsPerTok=2)],
    invalid=[facts_only(numExperts=8, numExpertsPerTok=10)],
)
def config_top_k(ctx: Context):
    if any(ctx.of_type(t) for t in MOE_TYPES):
        return
    e, k = ctx.fact("numExperts"), ctx.fact("numExpertsPerTok")
    if isinstance(e, int) and isinstance(k, int) and k > e > 0:
        yield ctx.hit(
            None,
            f"numExpertsPerTok={k} > numExperts={e}",
            values={"numExperts": e, "numExpertsPerTok": k},
        )


@check(
    "MOE007",
    "dense-moe",
    INFO,
    types=("SparseMoE", "MoERouter"),
    what="A mixture-of-experts layer with one expert, or with top_k equal to the expert count.",
    why="Every token runs every expert: this is a dense MLP with router overhead.",
    fix="Use a plain MLP, or route to fewer experts than exist.",
    valid=[seq((2, 3, 16), _moe(4, 2))],
    invalid=[seq((2, 3, 16), _moe(4, 4)), seq((2, 3, 16), _moe(1, 1))],
)
def dense_moe(ctx: Context):
    for n in ctx.of_type("SparseMoE", "MoERouter"):
        v = ctx.ints(n, "num_experts", "top_k")
        if v and v[0] >= 1 and v[1] == v[0]:
            yield ctx.hit(n, f"{ctx.where(n)}: top_k={v[1]} of {v[0]} experts runs them all")


CHECKS = [
    top_k_exceeds_experts,
    top_k_not_positive,
    router_exceeds_experts,
    unreachable_experts,
    router_top_k_mismatch,
    config_top_k,
    dense_moe,
]
