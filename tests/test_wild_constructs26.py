"""Session 26 (wildfix26, issue #16): ``p.requires_grad`` and ``buffers()`` in ``__init__``.

opacus' ``GradSampleModule(model)`` validates the model first: ``trainable_modules`` keeps the
layers with ``any(p.requires_grad for p in m.parameters(recurse=False))`` and each must have
``len(list(m.buffers())) == 0``. Both were unknown, so the ``raise`` after them was undecided
and the wrapped model unknown. ``p.requires_grad`` of a parameter is now torch's True until
anything in the run may have changed a flag (interp/gradflag.py): after that (a write, a module's
``requires_grad_``, ``from_pretrained``, ``p.data``, a ``Parameter(..., requires_grad=...)``,
a call not followed given a module) it is unknown, never a stale True. ``buffers()`` /
``named_buffers()`` are torch's where every module's buffers are known (interp/modtree.py).
Every count is torch's (``check_count_matches_torch``) or an honest unknown.
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch, check_honest_unknown

pytest.importorskip("torch")

TRAINABLE = """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.Linear(8, 3, bias=False))
        self.extra = nn.Parameter(torch.zeros(5))
        {before}
        n = sum(1 for p in self.parameters() if p.requires_grad)
        self.head = nn.Linear(n, 2)
"""


def test_requires_grad_of_fresh_parameters_is_true(tmp_path):
    # was unknown: the head's width (6 trainable tensors) was not known
    check_count_matches_torch(tmp_path, TRAINABLE.format(before="pass"))


@pytest.mark.parametrize(
    "before",
    [
        "self.body.requires_grad_(False)",
        "self.body[0].requires_grad_(False)",
        "self.body[0].weight.requires_grad = False",
        "self.body[0].weight.requires_grad_(False)",
        "self.extra.requires_grad = False",
        "setattr(self.extra, 'requires_grad', False)",
        "[p.requires_grad_(False) for p in self.body.parameters()]",
        "self.extra = nn.Parameter(torch.zeros(5), requires_grad=False)",
        "self.extra = nn.Parameter(torch.zeros(5), False)",
        "self.emb = nn.Embedding.from_pretrained(torch.zeros(3, 4))",
    ],
)
def test_requires_grad_after_a_write_is_unknown(tmp_path, before):
    # every write changes the count torch gives (the head's width): a stale True would be a
    # confident wrong count
    check_honest_unknown(tmp_path, TRAINABLE.format(before=before))


def test_requires_grad_after_a_freeze_loop_is_unknown(tmp_path):
    check_honest_unknown(
        tmp_path,
        TRAINABLE.format(
            before="for p in self.body[0].parameters():\n            p.requires_grad = False"
        ),
    )


def test_requires_grad_after_an_unfollowed_call_is_unknown(tmp_path):
    # a library we cannot read may have frozen the module it was given
    check_honest_unknown(
        tmp_path,
        """
import torch
import torch.nn as nn
from not_installed_lib import freeze


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        freeze(self.body)
        n = sum(1 for p in self.parameters() if p.requires_grad)
        self.head = nn.Linear(n, 2)
""",
    )


def test_a_detached_view_of_a_parameter_is_not_read_as_the_parameter(tmp_path):
    # torch: ``p.detach().requires_grad`` and ``p.data.requires_grad`` are False
    for view in ("detach()", "data"):
        check_honest_unknown(
            tmp_path,
            f"""
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        n = 3 if self.body.weight.{view}.requires_grad else 5
        self.head = nn.Linear(n, 2)
""",
        )


BUFFERS = """
import torch
import torch.nn as nn


class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("a", torch.zeros(3))
        self.register_buffer("gone", None)
        self.lin = nn.Linear(2, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(4, 8), nn.GELU(), nn.LayerNorm(8), nn.BatchNorm1d(8), Holder()
        )
        k = len(list(self.body.buffers()))
        k += 10 * len(list(self.body[0].buffers()))
        k += 100 * len(list(self.body[4].buffers(recurse=False)))
        k += 1000 * len(dict(self.body[3].named_buffers()))
        self.head = nn.Linear(k, 2)
"""


def test_buffers_of_known_modules_match_torch(tmp_path):
    # was unknown: ``buffers()`` of a catalogue layer was not modelled in ``__init__``
    check_count_matches_torch(tmp_path, BUFFERS)


def test_buffers_of_a_batchnorm_without_running_stats_are_unknown(tmp_path):
    # torch registers them as None (none yielded); not modelled here: unknown, not a guess
    check_honest_unknown(
        tmp_path,
        """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(8, track_running_stats=False)
        self.head = nn.Linear(len(list(self.bn.buffers())) + 1, 2)
""",
    )


def test_opacus_like_validation_of_trainable_layers(tmp_path):
    # opacus' ``GradSampleModule.validate``: trainable layers holding buffers are errors
    code = """
import torch.nn as nn


def trainable(module):
    yield from (
        (n, m) for (n, m) in module.named_modules()
        if any(p.requires_grad for p in m.parameters(recurse=False))
    )


def validate(module):
    return [n for n, m in trainable(module) if len(list(m.buffers())) > 0]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(20, 64), nn.GELU(), nn.LayerNorm(64), {last})
        errors = validate(self.body)
        if errors:
            raise NotImplementedError(errors)
        self.head = nn.Linear(3, 2)
"""
    check_count_matches_torch(tmp_path, code.format(last="nn.Linear(64, 3)"))


WEIGHT_READ = """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = {ctor}
        try:
            n = 3 if self.enc.{attr} is None else 4
        except AttributeError:
            n = 5
        self.head = nn.Linear(n, 2)
"""


@pytest.mark.parametrize(
    "ctor",
    [
        'nn.RNNBase("LSTM", 4, 8)',  # interpreted from torch's source: ``bias`` is its flag
        "nn.Linear(4, 3, bias=False)",
        "nn.Linear(4, 3)",
        "nn.Conv2d(4, 3, 3)",
        "nn.LayerNorm(8, elementwise_affine=False)",
    ],
)
@pytest.mark.parametrize("attr", ["weight", "bias"])
def test_weight_and_bias_reads_match_torch(tmp_path, ctor, attr):
    # ``RNNBase(...).bias`` was None (torch: the flag True), a confident wrong
    check_count_matches_torch(tmp_path, WEIGHT_READ.format(ctor=ctor, attr=attr))


@pytest.mark.parametrize("ctor", ["nn.TransformerEncoderLayer(8, 2, 16)", "nn.ReLU()"])
@pytest.mark.parametrize("attr", ["weight", "bias"])
def test_a_layer_without_the_weight_is_not_read_as_having_it(tmp_path, ctor, attr):
    # torch raises AttributeError; it was a reference to a weight (4, torch 5)
    check_honest_unknown(tmp_path, WEIGHT_READ.format(ctor=ctor, attr=attr))


def test_post_init_of_a_transformers_model_returns_none(tmp_path):
    pytest.importorskip("transformers")
    # transformers 5's ``PreTrainedModel.post_init`` returns None (it returned the model)
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn
from transformers import PretrainedConfig, PreTrainedModel


class Cfg(PretrainedConfig):
    model_type = "tiny-wf26"


class Tiny(PreTrainedModel):
    config_class = Cfg

    def __init__(self, config):
        super().__init__(config)
        self.a = nn.Linear(4, 4)
        got = self.post_init()
        self.b = nn.Linear(3 if got is None else 5, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = Tiny(Cfg())
""",
    )


def test_post_init_of_a_plain_module_raises_as_in_torch(tmp_path):
    # torch: AttributeError (nn.Module has no post_init); it returned the module (32, torch 28)
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        try:
            got = self.post_init()
        except AttributeError:
            got = None
        self.b = nn.Linear(3 if got is None else 5, 2)
""",
    )


@pytest.mark.parametrize(
    "before",
    [
        "self.ref = [p.clone() for p in self.body.parameters()] if torch.no_grad() else 0",
        "nn.Module.requires_grad_(self.body, False)",
        "torch.Tensor.requires_grad_(self.extra, False)",
        "object.__setattr__(self.extra, 'requires_grad', False)",
    ],
)
def test_requires_grad_after_other_writes_is_unknown(tmp_path, before):
    check_honest_unknown(tmp_path, TRAINABLE.format(before=before))


def test_clone_under_no_grad_is_not_read_as_trainable(tmp_path):
    # torch: a tensor cloned from a parameter inside ``no_grad`` has requires_grad False
    check_honest_unknown(
        tmp_path,
        """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        with torch.no_grad():
            ref = self.body.weight.clone()
        self.head = nn.Linear(3 if ref.requires_grad else 5, 2)
""",
    )


OWNERLESS = """
import torch.nn as nn
{src}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
        for m in pick(self):
            m.{write}
"""

PICKS = [
    "pick = lambda m: sorted(m.children(), key=lambda c: str(c))",
    # the module's hidden generator (a seeded ``random.Random`` is modelled: library/stdlib.py)
    "import random\npick = lambda m: random.sample(list(m.children()), 2)",
    "import numpy as np\npick = lambda m: np.array(list(m.children()), dtype=object)",
]


@pytest.mark.parametrize("src", PICKS)
@pytest.mark.parametrize(
    "write", ["bias = None", "weight = nn.Parameter(torch.zeros(2))", "extra = nn.Linear(2, 2)"]
)
def test_a_layer_written_onto_an_unknown_loop_item_is_not_dropped(tmp_path, src, write):
    # torch removes / adds the weights on each child; the write was dropped (40 for torch's 32)
    check_honest_unknown(tmp_path, OWNERLESS.format(src="import torch\n" + src, write=write))


@pytest.mark.parametrize("src", PICKS)
def test_a_plain_attribute_on_an_unknown_loop_item_keeps_the_count(tmp_path, src):
    # ``m.eps = 3`` changes no count: still known, torch's
    check_count_matches_torch(tmp_path, OWNERLESS.format(src=src, write="eps = 3"))


FROZEN_EMBEDDING = """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.e = nn.Embedding({args})
        self.head = nn.Linear(3 if self.e.weight.requires_grad else 5, 2)
"""


@pytest.mark.parametrize(
    "args", ["10, 4, _freeze=True", "10, 4, None, None, 2.0, False, False, None, True"]
)
def test_a_layer_built_frozen_is_not_read_as_trainable(tmp_path, args):
    # torch's Embedding makes its weight with ``requires_grad=not _freeze``: was True (48, 52)
    check_honest_unknown(tmp_path, FROZEN_EMBEDDING.format(args=args))


def test_a_layer_built_with_its_default_flag_matches_torch(tmp_path):
    check_count_matches_torch(tmp_path, FROZEN_EMBEDDING.format(args="10, 4, _freeze=False"))


def test_super_named_buffers_is_torch_s_generator(tmp_path):
    # was in test_wild_honest25's honest unknowns (not modelled); now torch's: never None
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)

    def named_buffers(self, *args, **kwargs):
        return super().named_buffers(*args, **kwargs)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net()
        got = self.net.named_buffers()
        if got is None:
            self.extra = nn.Linear(10, 10)
""",
    )
