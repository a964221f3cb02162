"""Unknown values stored on a module (issue #16, session 13; interp/opaque.py), each in a small
model written here and built in real torch.

``self.body = FACTORIES.get(kind)(4, 4)`` style code where the analyzer cannot follow what is
stored: if at run time the value is an ``nn.Module``, torch counts its parameters. The analyzer
used to keep such an unknown as a plain attribute and count the rest -- a confidently wrong
total with no note. Now the total is null with a note naming the attribute and file:line,
unless the value is provably not a layer (a number, a string, a comparison, a tensor made by a
torch operation), where the count stays exact."""

from __future__ import annotations

import functools
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")

HEAD = """
import os
import torch
import torch.nn as nn


def make_lin(a, b):
    return nn.Linear(a, b)


def make_conv(a, b):
    return nn.Conv1d(a, b, 3)


FACT = {"lin": make_lin, "conv": make_conv}
KIND = os.environ.get("DC_TEST_KIND_13B", "lin")
N = int(os.environ.get("DC_TEST_N_13B", "4"))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 2)
{body}


model = Net()
"""


def write(tmp_path, body: str):
    f = tmp_path / "m.py"
    f.write_text(
        HEAD.replace("{body}", textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8))
    )
    return f


def analyze(path):
    g = parse_source(path)
    return g.params_total(), [n for n in g.notes if "params_total unknown" in n]


# a layer torch registers, stored through a value the analyzer cannot compute: the head alone
# (10 parameters) was the confident answer for each of these
MAY_BE_LAYERS = {
    # a dict of built layers read under a key we cannot compute
    "dict_get_layers": """
        built = {"a": make_lin(4, 4)}
        self.body = built.get(KIND.replace("lin", "a"))
    """,
    # an item of a list of layers under an unknown index
    "list_unknown_index": """
        options = [make_lin(4, 4), make_conv(4, 4)]
        self.body = options[N % 2]
    """,
    # next() / max() over layers
    "next_of_layers": "self.body = next(iter([make_lin(4, 4)] * N))",
    "max_with_key": "self.body = max([make_lin(4, 4)], key=lambda m: N)",
    # a tuple of layers unpacked from a list of unknown length
    "unpack": "self.a, self.b = [make_lin(4, 4) for _ in range(N - 2)]",
    # an item of a list comprehension over an unknown count, and a method of one
    "item_of_comprehension": "self.body = [make_lin(4, 4) for _ in range(N)][0]",
    "pop_of_comprehension": "self.body = [make_lin(4, 4) for _ in range(N)].pop()",
    # setattr in a loop over an unknown count, under an f-string name
    "setattr_loop": """
        for i in range(N):
            setattr(self, f"layer{i}", make_lin(4, 4))
    """,
    # a name an undecided ``if`` binds to a factory's layer in one branch and None in the other
    "undecided_branch_factory": """
        if N > 3:
            body = FACT.get(KIND)(4, 4)
        else:
            body = None
        self.body = body
    """,
}


@pytest.mark.parametrize("case", sorted(MAY_BE_LAYERS))
def test_unknown_value_that_is_a_layer_is_not_dropped(tmp_path, case):
    f = write(tmp_path, MAY_BE_LAYERS[case])
    want = torch_count(f)
    assert want > 10  # torch counts the stored layer(s), not the head alone
    got, notes = analyze(f)
    assert got is None, f"{case}: counted {got}, torch has {want}"
    assert notes and "m.py:" in notes[0], notes


# unknowns that are provably not a layer: the count stays exact
NOT_LAYERS = {
    "number": "self.scale = float(os.environ.get('DC_TEST_SCALE_13B', '0.5')) * N",
    "comparison": "self.flag = N > len(KIND)",
    "string": "self.name = f'{KIND}-{N}'",
    "tensor": """
        self.register_buffer("mask", torch.ones(N, N).triu())
        self.m2 = torch.ones(N) * 2
    """,
    # methods of unknown tensors and numbers (``nonzero(...)[:, 0].tolist()``: normflows' ActNorm)
    "tensor_method": """
        nz = torch.nonzero(torch.ones(N, 1) == 1, as_tuple=False)
        self.dims = nz[:, 0].tolist()
        self.half = (N / 2).is_integer()
    """,
    "torch_helper": "self.pad = nn.modules.utils._reverse_repeat_tuple((N, 1), 2)",
    # names an undecided ``if`` binds to a device / a tensor / None in either branch (skrl's
    # ``_device`` and ``low``): unknown after the ``if``, but never a layer
    "undecided_branches_plain": """
        if os.environ.get("DC_TEST_DEV_13B") is None:
            dev = torch.device("cpu")
        else:
            dev = torch.device("meta")
        self.device = dev
        if N > 3:
            low = torch.tensor([1.0, 2.0])
        else:
            low = None
        self.low = low
        if N > 5:
            scale = N * 2
        self.scale = scale if N > 5 else 1
    """,
    # an item of a list of numbers under an index we cannot compute (Hiera's query strides)
    "number_under_unknown_index": """
        strides = [1, 2, 4]
        self.stride = strides[N % 3]
    """,
    # ``Function.apply`` of an autograd Function kept on the module (I-BERT's weight_function)
    "autograd_function_apply": """
        class Quant(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x

        self.weight_function = Quant.apply
    """,
    # the constructor's arguments pickled to bytes and kept on the module (metnet3-pytorch)
    "pickled_arguments": """
        import pickle

        args = dict(n=N, kind=KIND)
        self._configs = pickle.dumps(args)
    """,
    # a factory (not a layer) read under an unknown key, then the attribute rebound to a layer
    "rebound": """
        self.body = FACT.get(KIND)
        self.body = make_lin(4, 4)
    """,
}


@pytest.mark.parametrize("case", sorted(NOT_LAYERS))
def test_unknown_value_that_is_not_a_layer_keeps_the_count(tmp_path, case):
    f = write(tmp_path, NOT_LAYERS[case])
    got, notes = analyze(f)
    assert got == torch_count(f), (case, notes)


def test_note_names_the_attribute_and_the_origin(tmp_path):
    f = write(tmp_path, MAY_BE_LAYERS["next_of_layers"])
    _, notes = analyze(f)
    assert "body set at m.py:" in notes[0] and "may be a layer (next)" in notes[0], notes


# ------------------------------------------------------------- fresh5's constructs (Part 2)
def count_file(tmp_path, src: str) -> tuple[int, int | None, list]:
    f = tmp_path / "w.py"
    f.write_text(textwrap.dedent(src))
    got, notes = analyze(f)
    return torch_count(f), got, notes


def test_class_body_tuple_assignment(tmp_path):
    """nbeats: ``GENERIC_BLOCK, TREND_BLOCK = "generic", "trend"`` in the class body, read as
    ``self.TREND_BLOCK`` and ``Net.GENERIC_BLOCK`` to pick each stack's block class."""
    want, got, notes = count_file(
        tmp_path,
        """
        import torch.nn as nn

        class Trend(nn.Linear):
            def __init__(self, n):
                super().__init__(n, 3)

        class Generic(nn.Linear):
            def __init__(self, n):
                super().__init__(n, 5)

        class Net(nn.Module):
            GENERIC, TREND = "generic", "trend"
            [SMALL, BIG] = (4, 8)

            def __init__(self, kinds=("trend", "generic")):
                super().__init__()
                self.blocks = nn.ModuleList()
                for i, kind in enumerate(kinds):
                    make = Trend if kind == self.TREND else Generic
                    self.blocks.append(make(self.SMALL if i == 0 else Net.BIG))

        model = Net(kinds=(Net.TREND, Net.GENERIC, Net.TREND))
        """,
    )
    assert got == want, notes


def test_issubclass_of_torch_layer_classes(tmp_path):
    """dynamic-network-architectures picks kernel lists with ``issubclass(conv_op, nn.Conv2d)``
    for ``conv_op = nn.Conv3d``: answered from the shipped table of torch.nn ancestors, each
    answer checked by the layer it selects against torch's own ``issubclass``."""
    pairs = [
        ("nn.Conv3d", "nn.Conv2d"),
        ("nn.Conv2d", "nn.Conv2d"),
        ("nn.Conv1d", "(nn.Conv2d, nn.Conv3d)"),
        ("nn.ConvTranspose2d", "nn.Conv2d"),
        ("nn.ConvTranspose2d", "nn.modules.conv._ConvNd"),
        ("nn.BatchNorm2d", "nn.modules.batchnorm._BatchNorm"),
        ("nn.InstanceNorm2d", "nn.modules.batchnorm._BatchNorm"),
        ("nn.LazyLinear", "nn.Linear"),
        ("nn.Linear", "nn.Module"),
        ("nn.ReLU", "nn.Linear"),
    ]
    lines = "\n".join(
        f"        self.l{i} = nn.Linear(2, 2) if issubclass({a}, {b}) else nn.Linear(3, 3)"
        for i, (a, b) in enumerate(pairs)
    )
    src = f"""
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
{lines}


model = Net()
"""
    f = tmp_path / "w.py"
    f.write_text(src)
    got, notes = analyze(f)
    assert got == torch_count(f), notes


def test_random_permutation_parameters(tmp_path):
    """FrEIA's ``PermuteRandom``: a numpy permutation and its inverse (written item by item
    under indices we cannot know) become fixed ``nn.Parameter``s: their length is known."""
    want, got, notes = count_file(
        tmp_path,
        """
        import numpy as np
        import torch
        import torch.nn as nn

        class Permute(nn.Module):
            def __init__(self, n, seed=None):
                super().__init__()
                if seed is not None:
                    np.random.seed(seed)
                self.perm = np.random.permutation(n)
                self.perm_inv = np.zeros_like(self.perm)
                for i, p in enumerate(self.perm):
                    self.perm_inv[p] = i
                self.perm = nn.Parameter(torch.LongTensor(self.perm), requires_grad=False)
                self.perm_inv = nn.Parameter(torch.LongTensor(self.perm_inv), requires_grad=False)
                self.scale = nn.Parameter(torch.ones(len(self.perm_inv), 2))

        model = nn.Sequential(Permute(6, seed=1), Permute(10))
        """,
    )
    assert got == want, notes


def test_list_written_under_unknown_index_forgets_its_values(tmp_path):
    """``xs[k] = 5`` with ``k`` unknown: the list keeps its length but no stale value (a size
    read from the old item was a confident wrong count)."""
    want, got, notes = count_file(
        tmp_path,
        """
        import os
        import torch.nn as nn

        k = int(os.environ.get("DC_TEST_K_13B", "0"))
        sizes = [2, 3]
        sizes[k] = 5
        model = nn.Linear(sizes[0], 4)
        """,
    )
    assert want == 24 and got is None, notes


def test_mel_spaced_sinc_parameters(tmp_path):
    """asteroid-filterbanks' ParamSincFB: ``np.linspace`` on the mel scale, mapped to Hz,
    ``hz[:-1]`` and ``np.diff(hz)`` become parameters; ``np.hamming`` a buffer."""
    want, got, notes = count_file(
        tmp_path,
        """
        import numpy as np
        import torch
        import torch.nn as nn

        def to_mel(hz):
            return 2595 * np.log10(1 + hz / 700)

        def to_hz(mel):
            return 700 * (10 ** (mel / 2595) - 1)

        class Sinc(nn.Module):
            def __init__(self, n_filters=40, kernel_size=251, sample_rate=16000):
                super().__init__()
                high = sample_rate / 2 - 100
                mel = np.linspace(to_mel(30), to_mel(high), n_filters // 2 + 1, dtype="float32")
                hz = to_hz(mel) / sample_rate
                self.low_hz_ = nn.Parameter(torch.from_numpy(hz[:-1]).view(-1, 1))
                self.band_hz_ = nn.Parameter(torch.from_numpy(np.diff(hz)).view(-1, 1))
                window = np.hamming(kernel_size)[: kernel_size // 2]
                self.register_buffer("window_", torch.from_numpy(window).float())
                self.proj = nn.Linear(len(window), 3)

        model = Sinc()
        """,
    )
    assert got == want, notes


def test_glow_lu_inverse_conv(tmp_path):
    """Glow's invertible 1x1 convolution in LU form (rosinality's, copied widely): numpy random
    matrices, ``scipy.linalg.qr`` and ``lu``, ``np.diag`` / ``np.triu`` / ``.T`` / ``.copy()``,
    then parameters and buffers via ``torch.from_numpy``: sized from the matrices' shapes."""
    pytest.importorskip("scipy")
    want, got, notes = count_file(
        tmp_path,
        """
        import numpy as np
        import scipy.linalg
        from scipy import linalg as la
        import torch
        import torch.nn as nn

        class InvConv2dLU(nn.Module):
            def __init__(self, c):
                super().__init__()
                weight = np.random.randn(c, c)
                q, _ = scipy.linalg.qr(weight)
                w_p, w_l, w_u = la.lu(q.astype(np.float32))
                w_s = np.diag(w_u)
                w_u = np.triu(w_u, 1)
                u_mask = np.triu(np.ones_like(w_u), 1)
                l_mask = u_mask.T
                self.register_buffer("w_p", torch.from_numpy(w_p.copy()))
                self.register_buffer("l_mask", torch.from_numpy(l_mask.copy()))
                self.register_buffer("s_sign", torch.sign(torch.from_numpy(w_s.copy())))
                self.w_l = nn.Parameter(torch.from_numpy(w_l.copy()))
                self.w_s = nn.Parameter(torch.log(torch.abs(torch.from_numpy(w_s.copy()))))
                self.w_u = nn.Parameter(torch.from_numpy(w_u.copy()))
                q2, r2 = scipy.linalg.qr(np.random.rand(c + 2, c), mode="economic")
                self.r = nn.Parameter(torch.from_numpy(r2.copy()))

        model = nn.Sequential(InvConv2dLU(4), InvConv2dLU(12))
        """,
    )
    assert got == want, notes
