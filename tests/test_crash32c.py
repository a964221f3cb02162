"""Distribution parameters of known values (session 32, crashfix32): a ``torch.distributions``
family built in ``forward`` with a parameter whose values break its constraint
(``dataflow_fix32.dist_constraint``): a parameter the code made with known values and never
wrote again (``nn.Parameter(torch.full((d,), -0.5))`` used as a scale), a factory's values
(``torch.zeros``, ``torch.full``), carried through views, ``exp`` and arithmetic with a
number. Small models run in torch; a blocker exactly when torch raised (train and eval mode).
``CONSTRAINTS`` is asked of torch's ``arg_constraints`` item by item.
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source.forward import dataflow_fix32 as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n" \
    "from torch.distributions import Normal, Poisson, Bernoulli, Gamma\n\n"  # fmt: skip

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def head(name: str, std: str, body: str, init: str = "") -> None:
    layers = ("self.mu = nn.Linear(6, 2)", f"self.log_std = nn.Parameter({std})")
    model(name, (4, 6), net_source(layers, body, init))


RET = "return d.log_prob(h).sum(-1)"
head(
    "distc_log_std_as_scale",
    "torch.full((2,), -0.5)",
    f"d = Normal(h, self.log_std)\n        {RET}",
)
head("distc_zero_scale", "torch.zeros(2)", f"d = Normal(h, self.log_std)\n        {RET}")
head("distc_expanded", "torch.full((2,), -0.5)",
     f"d = torch.distributions.Normal(h, self.log_std.expand_as(h))\n        {RET}")  # fmt: skip
head("distc_scaled", "torch.full((2,), -1.0)",
     f"d = Normal(h, scale=self.log_std * 0.5 + 0.2)\n        {RET}")  # fmt: skip
head("distc_ok_exp", "torch.full((2,), -0.5)",
     f"d = Normal(h, self.log_std.exp())\n        {RET}")  # fmt: skip
head("distc_ok_ones", "torch.ones(2)", f"d = Normal(h, self.log_std)\n        {RET}")
head("distc_ok_shifted", "torch.zeros(2)", f"d = Normal(h, self.log_std + 1.0)\n        {RET}")
head("distc_ok_init_constant", "torch.full((2,), -0.5)",
     f"d = Normal(h, self.log_std)\n        {RET}", "nn.init.constant_(self.log_std, 0.3)")  # fmt: skip
head("distc_ok_data_fill", "torch.full((2,), -0.5)",
     f"d = Normal(h, self.log_std)\n        {RET}", "self.log_std.data.fill_(0.3)")  # fmt: skip
head("distc_ok_loop_init", "torch.full((2,), -0.5)", f"d = Normal(h, self.log_std)\n        {RET}",
     "for p in self.parameters():\n            nn.init.constant_(p, 0.3)")  # fmt: skip
head("distc_ok_no_validation", "torch.full((2,), -0.5)",
     f"d = Normal(h, self.log_std, validate_args=False)\n        {RET}")  # fmt: skip
head("distc_number_scale", "torch.ones(2)", f"d = Normal(h, 0.0)\n        {RET}")
head("distc_ok_number_scale", "torch.ones(2)", f"d = Normal(h, 0.1)\n        {RET}")
head("distc_poisson_negative", "torch.ones(2)",
     "d = Poisson(torch.full((4, 2), -1.0))\n        return h + d.mean")  # fmt: skip
head("distc_ok_poisson_zero", "torch.ones(2)",
     "d = Poisson(torch.zeros(4, 2))\n        return h + d.mean")  # fmt: skip
head("distc_bernoulli_probs", "torch.ones(2)",
     "d = Bernoulli(probs=torch.full((4, 2), 1.5))\n        return h + d.mean")  # fmt: skip
head("distc_ok_bernoulli_probs", "torch.ones(2)",
     "d = Bernoulli(probs=torch.full((4, 2), 0.5))\n        return h + d.mean")  # fmt: skip
head("distc_gamma_zero", "torch.ones(2)",
     "d = Gamma(torch.zeros(2), self.log_std)\n        return h + d.mean")  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("distc_log_std_as_scale",), tmp_path, capsys)


def test_constraints_are_torchs():
    torch = pytest.importorskip("torch")
    C = torch.distributions.constraints
    for name, params in rules.CONSTRAINTS.items():
        got = getattr(torch.distributions, name).arg_constraints
        for p, rule in params.items():
            c = got[p]
            if rule[0] == "gt":
                assert type(c) is type(C.positive) and c.lower_bound == rule[1], (name, p)
            elif rule[0] == "ge":
                assert type(c) is type(C.nonnegative) and c.lower_bound == rule[1], (name, p)
            else:
                assert type(c) is type(C.unit_interval), (name, p)
                assert (c.lower_bound, c.upper_bound) == rule[1:], (name, p)


def test_distribution_properties_are_torchs():
    """``d.mean`` and its kin are properties of every distribution (the tensor ones give a
    tensor), never methods: ``h + d.mean`` runs."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_ops import DIST_PROPERTIES, DIST_TENSORS

    base = torch.distributions.Distribution
    for name in sorted(DIST_PROPERTIES):
        assert isinstance(getattr(base, name), property), name
    d = torch.distributions.Poisson(torch.ones(2))
    for name in sorted(DIST_TENSORS):
        assert isinstance(getattr(d, name), torch.Tensor), name
