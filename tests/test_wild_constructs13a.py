"""Constructs of the fifth fresh wild batch's RL and adapter libraries (issue #16, session 13,
wildfix13a), each in a small model written here and built in real torch: the static
``params_total`` equals torch's count, or is honestly unknown (null, with a note naming the
construct and its file:line) where it cannot be known.

The cases behind them: gymnasium sizes its spaces through ``functools.singledispatch``
(``flatdim(space)``) and validates ``Discrete(n)`` through numpy's dtype hierarchy; skrl and
stable-baselines3 size their first and last layers from those spaces."""

from __future__ import annotations

import builtins
import functools
import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def write(tmp_path, src: str, name: str = "m.py"):
    f = tmp_path / name
    f.write_text(textwrap.dedent(src))
    return f


# ------------------------------------------------------------------ functools.singledispatch
# the gymnasium pattern in a file of its own: a default that raises, one registration per space
# class (by decorator call, by annotation, and by a plain call), dispatch through the MRO
SPACES = """
from functools import singledispatch

import torch.nn as nn


class Space:
    pass


class Box(Space):
    def __init__(self, *shape):
        self.shape = shape


class Discrete(Space):
    def __init__(self, n):
        self.n = n


class Image(Box):  # dispatches as its base class Box
    pass


class Pair(Space):
    def __init__(self, a, b):
        self.parts = (a, b)


@singledispatch
def width(space):
    raise NotImplementedError(f"unknown space {space}")


@width.register(Box)
def _(space):
    n = 1
    for s in space.shape:
        n *= s
    return n


@width.register
def _discrete(space: Discrete):
    return space.n


def _pair(space):
    return sum(width(p) for p in space.parts)


width.register(Pair, _pair)


@width.register(int)
def _int(space):
    return space


class Policy(nn.Module):
    def __init__(self, obs, act):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(width(obs), 32), nn.Tanh())
        self.head = nn.Linear(32, width(act))
        self.extra = nn.Linear(width(7), 2)
"""


def test_singledispatch_picks_the_registration_of_the_argument_class(tmp_path):
    f = write(tmp_path, SPACES + "\nmodel = Policy(Pair(Image(3, 4), Discrete(2)), Discrete(5))\n")
    want = torch_count(f)
    assert want == (14 * 32 + 32) + (32 * 5 + 5) + (7 * 2 + 2)
    assert parse_source(f).params_total() == want


def test_singledispatch_default_implementation_raises_as_python_does(tmp_path):
    # no registration for Space itself: the default runs, and raises in the user's file
    f = write(tmp_path, SPACES + "\nmodel = Policy(Space(), Discrete(5))\n")
    with pytest.raises(NotImplementedError):
        torch_count(f)

    g = parse_source(f)  # no count: a blocker finding (IMP004)
    assert g.params_total() is None
    assert any(
        n.startswith("construction raises NotImplementedError") for x in g.nodes for n in x.notes
    )


def test_singledispatch_on_an_abstract_base_registration_is_unknown(tmp_path):
    # ``register(Sequence)`` matches a list through the ABC, not its MRO: not guessed
    src = """
    from collections.abc import Sequence
    from functools import singledispatch

    import torch.nn as nn


    @singledispatch
    def size(x):
        return 1


    @size.register(Sequence)
    def _(x):
        return len(x) * 10


    model = nn.Linear(size([1, 2, 3]), 4)
    """
    f = write(tmp_path, src)
    assert torch_count(f) == 30 * 4 + 4
    g = parse_source(f)
    assert g.params_total() is None
    assert "in_features" in g.notes[0] and "m.py:18" in g.notes[0], g.notes


# ------------------------------------------------------------------ numpy dtypes as a table
DTYPES = """
import numpy as np
import torch.nn as nn


class Counts:
    def __init__(self, n, dtype=np.int64):
        if not np.issubdtype(type(n), np.integer):
            raise TypeError("n must be an integer")
        self.dtype = np.dtype(dtype)
        if not np.issubdtype(self.dtype, np.integer):
            raise TypeError("integer dtype only")
        self.n = self.dtype.type(n)
        self.bytes = self.dtype.itemsize


c = Counts(6, dtype="i4")
w = int(np.float64(2.0) * np.int32(3))
model = nn.Sequential(nn.Linear(c.n, w + c.bytes), nn.Linear(w + c.bytes, int(np.uint8(200))))
"""


def test_numpy_dtypes_validate_and_convert_known_numbers(tmp_path):
    f = write(tmp_path, DTYPES)
    want = torch_count(f)
    assert want == (6 * 10 + 10) + (10 * 200 + 200)
    assert parse_source(f).params_total() == want


def test_numpy_scalar_that_would_round_is_rounded(tmp_path):
    # ``np.float32(0.7)`` is 0.69999999: ten of it truncate to 6 in torch's run, 7 in Python's
    # (session 36: a float32 scalar holds numpy's rounded value, library/npdtypes.py; it was
    # unknown before, never 7)
    src = "import numpy as np\nimport torch.nn as nn\nmodel = nn.Linear(4, int(float(np.float32(0.7)) * 10))\n"
    f = write(tmp_path, src)
    assert torch_count(f) == 4 * 6 + 6
    assert parse_source(f).params_total() == 4 * 6 + 6


def test_numpy_issubdtype_follows_numpy():
    """The table agrees with numpy itself on the hierarchy (numpy is a core dependency)."""
    np = pytest.importorskip("numpy")
    from driftcheck.parsers.source.library import npdtypes

    names = [*npdtypes.SCALARS, *npdtypes.ALIASES]
    for a in names:
        if not hasattr(np, a):
            continue  # an alias newer numpy removed (``float_``)
        t = getattr(np, a)
        assert npdtypes.SCALARS[npdtypes.scalar_name(npdtypes.Ext(f"numpy.{a}"))] == (
            np.dtype(t).kind,
            np.dtype(t).itemsize,
        ), a
        for abstract in npdtypes.ABSTRACT_PARENTS:
            want = bool(np.issubdtype(t, getattr(np, abstract)))
            got = abstract in npdtypes._ancestors(npdtypes.Ext(f"numpy.{a}"))
            assert got == want, (a, abstract)
    for code, name in npdtypes.CODES.items():
        assert np.dtype(code) == np.dtype(getattr(np, name)), code
    for py, name in npdtypes.BUILTINS.items():
        assert np.dtype(getattr(builtins, py)) == np.dtype(getattr(np, name)), py


# ------------------------------------------------------------------ gymnasium's own spaces
def test_gymnasium_spaces_size_a_policy(tmp_path):
    pytest.importorskip("gymnasium")
    src = """
    import gymnasium as gym
    import numpy as np
    import torch.nn as nn
    from gymnasium.spaces import flatdim


    class ActorCritic(nn.Module):
        def __init__(self, obs_space, act_space):
            super().__init__()
            self.trunk = nn.Linear(flatdim(obs_space), 64)
            self.pi = nn.Linear(64, flatdim(act_space))
            self.v = nn.Linear(64, 1)


    obs = gym.spaces.Box(-np.inf, np.inf, shape=(3, 5), dtype=np.float32)
    model = nn.ModuleList([ActorCritic(obs, gym.spaces.Discrete(4)), ActorCritic(obs, gym.spaces.Box(-1, 1, shape=(2,)))])
    """
    f = write(tmp_path, src)
    want = torch_count(f)
    assert want == 2 * (15 * 64 + 64 + 65) + (64 * 4 + 4) + (64 * 2 + 2)
    assert parse_source(f).params_total() == want


# ------------------------------------------------------------------ membership of objects
def test_object_in_a_list_of_objects_is_identity(tmp_path):
    # a graph of nodes checked against the node list (FrEIA's GraphINN): ``x in xs`` is True
    # for the object itself, False for an equal-looking other one; a class with ``__eq__``
    # leaves it unknown
    src = """
    import torch.nn as nn


    class Node:
        def __init__(self, width, inputs=()):
            self.width = width
            self.inputs = list(inputs)


    class Same(Node):
        def __eq__(self, other):
            return isinstance(other, Node) and other.width == self.width


    a = Node(3)
    b = Node(5, [a])
    nodes = [a, b]
    layers = []
    for n in nodes:
        for src in n.inputs:
            if src in nodes:
                layers.append(nn.Linear(src.width, n.width))
    if Node(3) in nodes:
        layers.append(nn.Linear(100, 100))
    w = 7 if Same(4) in [Node(4)] else 9
    layers.append(nn.Linear(w, w))
    model = nn.ModuleList(layers)
    """
    f = write(tmp_path, src)
    want = torch_count(f)
    assert want == (3 * 5 + 5) + (7 * 7 + 7)
    g = parse_source(f)
    assert g.params_total() is None  # the ``__eq__`` branch is not decided
    assert "Linear" in g.notes[0] and "m.py:" in g.notes[0], g.notes
    f2 = write(tmp_path, src.replace("Same(4) in [Node(4)]", "Node(4) in [Node(4)]"), "m2.py")
    assert parse_source(f2).params_total() == torch_count(f2) == 3 * 5 + 5 + 9 * 9 + 9


# ------------------------------------------------------------------ peft adapters (a table)
def static_weights(g) -> dict[str, tuple[int, ...]]:
    """Every weight of the static graph by its dotted name, as torch's named_parameters (a
    block repeated identically is one subtree: its first copy's names)."""
    from driftcheck.graph.counting import node_weights

    out = {}
    for n in g.nodes:
        for w, shape in (node_weights(n) or {}).items():
            # a ParameterDict entry is a node of its own: the parameter is the node's name
            key = n.name if n.type == "Parameter" else f"{n.name}.{w}" if n.name else w
            out[key] = tuple(shape)
    return out


def torch_weights(path) -> dict[str, tuple[int, ...]]:
    with torch.device("meta"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    return {k: tuple(p.shape) for k, p in model.named_parameters()}


PEFT_BASE = """
import torch.nn as nn
from peft import IA3Config, LoraConfig, get_peft_model, inject_adapter_in_model


class Block(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.attn_in = nn.Linear(d, 3 * d)
        self.attn_out = nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(50, 16)
        self.stem = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.blocks = nn.ModuleList([Block(), Block()])
        self.head = nn.Linear(16, 7)
"""


@pytest.mark.parametrize(
    "tail",
    [
        # LoRA on linear, conv and embedding layers by name suffix, the head kept as a copy
        'cfg = LoraConfig(r=4, lora_alpha=8, target_modules=["attn_in", "stem", "tok", "mlp.2"], '
        'modules_to_save=["head"], lora_dropout=0.1)\nmodel = get_peft_model(Net(), cfg)',
        # a regular expression over the whole name, injected in place
        'cfg = LoraConfig(r=2, target_modules=r"blocks\\.\\d+\\.attn_.*")\n'
        "model = inject_adapter_in_model(cfg, Net())",
        # one block's layer named in full: the other block stays as it was
        'model = inject_adapter_in_model(LoraConfig(r=3, target_modules=["blocks.0.mlp.0"]), Net())',
        # IA3: feed-forward modules scale their inputs, the others their outputs
        'cfg = IA3Config(target_modules=["attn_out", "mlp.0", "stem"], feedforward_modules=["mlp.0"])\n'
        "model = get_peft_model(Net(), cfg)",
    ],
    ids=["lora-get-peft-model", "lora-inject-regex", "lora-one-block", "ia3"],
)
def test_peft_adapters_match_torch_names_and_shapes(tmp_path, tail):
    pytest.importorskip("peft")
    f = write(tmp_path, PEFT_BASE + tail + "\n")
    want = torch_weights(f)
    g = parse_source(f)
    assert g.params_total() == sum(_numel(s) for s in want.values())
    got = static_weights(g)
    assert {k: v for k, v in want.items() if k in got or "blocks.1." not in k} == got
    if "blocks.0.mlp.0" in tail:  # the other block is not adapted
        assert "blocks.1.mlp.0.weight" in got and "blocks.0.mlp.0.base_layer.weight" in got


def _numel(shape) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


@pytest.mark.parametrize(
    "tail",
    [
        # DoRA adds a magnitude vector per layer: not in the table
        'model = get_peft_model(Net(), LoraConfig(r=4, target_modules=["head"], use_dora=True))',
        # a target that is a user module, not a torch layer: peft raises
        'model = get_peft_model(Net(), LoraConfig(r=4, target_modules=["mlp"]))',
    ],
    ids=["dora", "non-layer-target"],
)
def test_peft_outside_the_table_is_unknown(tmp_path, tail):
    pytest.importorskip("peft")
    f = write(tmp_path, PEFT_BASE + tail + "\n")
    g = parse_source(f)
    assert g.params_total() is None
    assert any("get_peft_model" in n and "m.py:" in n for n in g.notes), g.notes


# ------------------------------------------------------------------ a pydantic-validated __init__
# gluonts' ``@validated()`` in a few lines of our own: a pydantic model built from the
# signature validates the arguments, and ``__init__`` runs on the validated values
VALIDATED = """
import functools
import inspect
from typing import Any, List, Optional

import torch.nn as nn
from pydantic import create_model


def checked(init):
    params = inspect.signature(init).parameters
    fields = {
        p.name: (
            p.annotation if p.annotation != inspect.Parameter.empty else Any,
            p.default if p.default != inspect.Parameter.empty else ...,
        )
        for p in params.values()
        if p.name != "self" and p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD
    }
    Model = create_model("InitModel", **fields)

    @functools.wraps(init)
    def wrapper(*args, **kwargs):
        self, *args = args
        named = {name: a for (name, _), a in zip(list(params.items()), [self] + args) if name != "self"}
        m = Model(**{**named, **kwargs})
        return init(self, **{**named, **kwargs, **m.__dict__})

    return wrapper


class Tower(nn.Module):
    @checked
    def __init__(self, widths: List[int], scale: float = 2, extra: Optional[int] = None, name: str = "t"):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))
        if extra is not None:
            self.extra = nn.Linear(widths[-1], extra)
        if isinstance(scale, float):  # a default is not validated; a passed int becomes a float
            self.gain = nn.Linear(3, 3)
"""


@pytest.mark.parametrize(
    "call, want",
    [
        ("Tower([4, 8, 2], extra=5)", 40 + 18 + 15),
        ("Tower([4, 8], 3)", 40 + 12),
        ("Tower(widths=[6, 2], extra=None, scale=1.5)", 14 + 12),
    ],
)
def test_pydantic_validated_init_runs_on_validated_arguments(tmp_path, call, want):
    f = write(tmp_path, VALIDATED + f"\nmodel = {call}\n")
    assert torch_count(f) == want
    assert parse_source(f).params_total() == want


def test_pydantic_validated_init_with_a_value_it_cannot_validate_is_unknown(tmp_path):
    # a tuple for ``List[int]``: pydantic's conversion is not replayed, the widths are unknown
    f = write(tmp_path, VALIDATED + "\nmodel = Tower((4, 8, 2))\n")
    assert torch_count(f) == 40 + 18
    g = parse_source(f)
    assert g.params_total() is None
    assert "m.py:" in g.notes[0], g.notes


def test_signature_parameter_kinds_compare_as_the_enum(tmp_path):
    src = """
    import inspect

    import torch.nn as nn


    def f(a, b=2, *rest, c=3, **kw):
        pass


    ps = list(inspect.signature(f).parameters.values())
    n = sum(1 for p in ps if p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD)
    k = sum(1 for p in ps if p.kind >= inspect.Parameter.KEYWORD_ONLY)
    v = [p.name for p in ps if p.kind is inspect.Parameter.VAR_POSITIONAL]
    model = nn.Linear(n * 10 + k, len(v) + len(str(ps[0].kind)))
    """
    f = write(tmp_path, src)
    assert torch_count(f) == 22 * 22 + 22
    assert parse_source(f).params_total() == 22 * 22 + 22


# ------------------------------------------------------------------ pandas frequencies
def test_pandas_frequency_sizes_a_recurrent_input(tmp_path):
    # the DeepAR recipe in our own words: one input per lag, the lags read off the frequency
    pytest.importorskip("pandas")
    src = """
    import numpy as np
    import torch.nn as nn
    from pandas.tseries.frequencies import to_offset


    def lags_for(freq):
        off = to_offset(freq)
        if off.rule_code == "h":
            per_day = 24 // off.n
            lags = [np.arange(k * per_day - 1, k * per_day + 2).tolist() for k in (1, 2, 7)]
        elif off.rule_code.startswith("W"):
            lags = [[1, 2, 52]]
        else:
            raise ValueError(freq)
        return sorted({int(x) for sub in lags for x in sub})


    class Forecaster(nn.Module):
        def __init__(self, freq, hidden=16):
            super().__init__()
            self.lags = lags_for(freq)
            self.rnn = nn.LSTM(len(self.lags) + 2, hidden, num_layers=2, batch_first=True)
            self.proj = nn.Linear(hidden, 3)


    model = nn.ModuleList([Forecaster("h"), Forecaster("2h"), Forecaster("W-MON")])
    """
    f = write(tmp_path, src)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    # a month end is renamed across pandas versions: not in the table
    f2 = write(tmp_path, src.replace('Forecaster("W-MON")', 'Forecaster("ME")'), "m2.py")
    with pytest.raises(ValueError):
        torch_count(f2)
    assert parse_source(f2).params_total() is None


def test_gymnasium_box_sample_sizes_a_features_extractor(tmp_path):
    # the flatten size found by running the convolutions on one sample of the space
    pytest.importorskip("gymnasium")
    src = """
    import numpy as np
    import torch
    import torch.nn as nn
    from gymnasium import spaces


    class Extractor(nn.Module):
        def __init__(self, space, dim=24):
            super().__init__()
            self.cnn = nn.Sequential(nn.Conv2d(space.shape[0], 8, 3, stride=2), nn.ReLU(), nn.Flatten())
            with torch.no_grad():
                n = self.cnn(torch.as_tensor(space.sample()[None]).float()).shape[1]
            self.fc = nn.Linear(n, dim)


    model = nn.ModuleList(
        [Extractor(spaces.Box(0, 255, shape=(3, 20, 20), dtype=np.uint8)), Extractor(spaces.Box(-1.0, 1.0, shape=(2, 9, 7)))]
    )
    """
    f = write(tmp_path, src)
    want = torch_count(f, device="cpu")
    assert parse_source(f).params_total() == want


def test_membership_mixing_objects_and_plain_values(tmp_path):
    src = """
    import torch.nn as nn


    class Tag:
        pass


    t = Tag()
    lin = nn.Linear(2, 2)
    mixed = ["a", t, 3]
    layers = [lin, nn.ReLU()]
    a = 10 if "a" in mixed else 1
    b = 10 if t in mixed else 1
    c = 10 if 4 in mixed else 1
    d = 10 if lin in layers else 1
    e = 10 if nn.Linear(2, 2) in layers else 1
    model = nn.Linear(a + b + c + d, e)
    """
    f = write(tmp_path, src)
    assert torch_count(f) == 31 * 1 + 1
    assert parse_source(f).params_total() == 31 * 1 + 1
