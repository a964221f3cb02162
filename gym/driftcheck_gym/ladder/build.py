"""A driftcheck graph as a real ``torch.nn.Module``: the catalogue's torch classes, the edges as
the forward.

Every leaf whose catalogue entry names a ``torch.nn`` class is built from that class with the
entry's constructor kwargs (``LayerSpec.constructor_kwargs``, the same mapping the catalogue
tests prove against torch). A small set of parameter-free tensor ops the catalogue defines
without a torch module (``Add``, ``Concat``, ``Mean``, ``Transpose``, ...) is written here as
thin modules (``OPS``) and held to the catalogue's own shape rules by the tests. A leaf that is
a catalogue *block* (``BasicBlock``, ``TorchTransformerEncoderLayer``...) is built from the
block's own sub-graph, recursively. Anything else (an unknown type, a custom layer whose only
torch reference lives in the test suite) raises ``Unbuildable`` naming the node: an honest
"cannot build", never a guess.

The forward walks the graph's topological order (``infer_shapes``' order), feeds each node its
producers' outputs in input order (``Edge.index``) and, for torch modules that return tuples
(``MultiheadAttention``, ``LSTM``, ``GRU``), keeps the first element, as the catalogue's shape
rules do. ``repeat > 1`` subtrees are written out first (``Graph.expand``), so every copy owns
its weights; ``tied`` weights share one ``Parameter``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch import nn

from driftcheck.errors import DriftcheckError
from driftcheck.graph import catalogue
from driftcheck.graph.model import Graph
from driftcheck.graph.shapes import infer_shapes

__all__ = ["GraphModule", "OPS", "Unbuildable", "build_module", "buildable", "example_inputs"]


class Unbuildable(DriftcheckError):
    """A graph (or one of its nodes) the ladder cannot turn into torch."""


class _Fn(nn.Module):
    """A parameter-free module around a function of its inputs."""

    def __init__(self, name: str, fn: Callable[..., torch.Tensor]) -> None:
        super().__init__()
        self.op = name
        self.fn = fn

    def forward(self, *xs: torch.Tensor) -> torch.Tensor:
        return self.fn(*xs)

    def extra_repr(self) -> str:
        return self.op


class _Param(nn.Module):
    """The catalogue's ``Parameter``: a learned tensor with no inputs (a positional table)."""

    def __init__(self, shape: tuple[int, ...], requires_grad: bool) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(shape), requires_grad=requires_grad)
        nn.init.normal_(self.weight, std=0.02)

    def forward(self) -> torch.Tensor:
        return self.weight


class _Attention(nn.Module):
    """The catalogue's ``Attention`` (grouped-query self-attention, HF Llama/Qwen weight
    layout: q_proj, k_proj, v_proj, o_proj, optional per-head RMS q_norm/k_norm), causal as
    those decoders are. No rotary embedding: the catalogue entry carries none, so a design
    that wants positions must add them (a ``Parameter`` table)."""

    def __init__(self, p: dict) -> None:
        super().__init__()
        h, self.heads = p["hidden_size"], p["num_heads"]
        self.kv = p["num_kv_heads"] or self.heads
        self.hd = p["head_dim"] or h // self.heads
        o_bias = p["bias"] if p["o_bias"] is None else p["o_bias"]
        self.q_proj = nn.Linear(h, self.heads * self.hd, bias=p["bias"])
        self.k_proj = nn.Linear(h, self.kv * self.hd, bias=p["bias"])
        self.v_proj = nn.Linear(h, self.kv * self.hd, bias=p["bias"])
        self.o_proj = nn.Linear(self.heads * self.hd, h, bias=o_bias)
        if p["qk_norm"]:
            eps = p["eps"] if p["eps"] is not None else 1e-6
            self.q_norm = nn.RMSNorm(self.hd, eps=eps)
            self.k_norm = nn.RMSNorm(self.hd, eps=eps)
        else:
            self.q_norm = self.k_norm = None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        *lead, t, _ = x.shape
        q = self.q_proj(x).view(*lead, t, self.heads, self.hd).transpose(-2, -3)
        k = self.k_proj(x).view(*lead, t, self.kv, self.hd).transpose(-2, -3)
        v = self.v_proj(x).view(*lead, t, self.kv, self.hd).transpose(-2, -3)
        if self.q_norm is not None:
            q, k = self.q_norm(q), self.k_norm(k)
        if self.kv != self.heads:
            k = k.repeat_interleave(self.heads // self.kv, dim=-3)
            v = v.repeat_interleave(self.heads // self.kv, dim=-3)
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(-2, -3).reshape(*lead, t, self.heads * self.hd))


def _dims(d: Any) -> Any:
    return tuple(d) if isinstance(d, (list, tuple)) else d


def _reduce(fn: Callable[..., torch.Tensor]) -> Callable[[dict], Callable[..., torch.Tensor]]:
    def make(p: dict) -> Callable[..., torch.Tensor]:
        if p["dim"] is None:
            return lambda x: fn(x)
        return lambda x: fn(x, dim=_dims(p["dim"]), keepdim=p["keepdim"])

    return make


def _squeeze(p: dict) -> Callable[..., torch.Tensor]:
    if p["dim"] is None:
        return torch.squeeze
    return lambda x: torch.squeeze(x, _dims(p["dim"]))


def _slice(p: dict) -> Callable[..., torch.Tensor]:
    def f(x: torch.Tensor) -> torch.Tensor:
        idx = [slice(None)] * x.dim()
        idx[p["dim"]] = slice(p["start"], p["end"], p["step"])
        return x[tuple(idx)]

    return f


OPS: dict[str, Callable[[dict], Callable[..., torch.Tensor]]] = {
    "Add": lambda p: torch.add,
    "Mul": lambda p: torch.mul,
    "Sub": lambda p: torch.sub,
    "Concat": lambda p: lambda *xs: torch.cat(xs, dim=p["dim"]),
    "Stack": lambda p: lambda *xs: torch.stack(xs, dim=p["dim"]),
    "Mean": _reduce(torch.mean),
    "Sum": _reduce(torch.sum),
    "Amax": _reduce(torch.amax),
    "Reshape": lambda p: lambda x: torch.reshape(x, tuple(p["shape"])),
    "View": lambda p: lambda x: x.view(tuple(p["shape"])),
    "Transpose": lambda p: lambda x: torch.transpose(x, p["dim0"], p["dim1"]),
    "Permute": lambda p: lambda x: x.permute(tuple(p["dims"])),
    "Squeeze": _squeeze,
    "Unsqueeze": lambda p: lambda x: torch.unsqueeze(x, p["dim"]),
    "Scale": lambda p: lambda x: x * p["factor"],
    "Contiguous": lambda p: lambda x: x.contiguous(),
    "Select": lambda p: lambda x: torch.select(x, p["dim"], p["index"]),
    "Slice": _slice,
    "Swish": lambda p: lambda x: x * torch.sigmoid(p["beta"] * x),
    "ReLUSquared": lambda p: lambda x: torch.square(torch.relu(x)),
    "GELUTanh": lambda p: lambda x: nn.functional.gelu(x, approximate="tanh"),
    "NewGELU": lambda p: lambda x: nn.functional.gelu(x, approximate="tanh"),
    "QuickGELU": lambda p: lambda x: x * torch.sigmoid(1.702 * x),
}
"""Parameter-free catalogue ops built here (the catalogue has no torch class for them)."""


def _stack(p: dict, decoder: bool) -> nn.Module:
    """``nn.TransformerEncoder``/``Decoder`` take a built layer, not the catalogue's flat
    params: build the layer, then torch copies it ``num_layers`` times."""
    layer_kw = {
        k: p[k]
        for k in ("d_model", "nhead", "dim_feedforward", "dropout", "activation")
        + ("layer_norm_eps", "batch_first", "norm_first", "bias")
    }
    norm = nn.LayerNorm(p["d_model"], eps=p["layer_norm_eps"], bias=p["bias"])
    norm = norm if p["final_norm"] else None
    if decoder:
        layer = nn.TransformerDecoderLayer(**layer_kw)
        return nn.TransformerDecoder(layer, p["num_layers"], norm=norm)
    layer = nn.TransformerEncoderLayer(**layer_kw)
    return nn.TransformerEncoder(layer, p["num_layers"], norm=norm, enable_nested_tensor=False)


STACKS = {
    "TransformerEncoder": lambda p: _stack(p, decoder=False),
    "TransformerDecoder": lambda p: _stack(p, decoder=True),
}
"""Torch classes whose constructor takes a built layer: built from the flat params here."""


def _torch_class(qualname: str) -> type[nn.Module]:
    module, _, attr = qualname.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def _leaf_module(node_type: str, params: dict, where: str) -> nn.Module:
    spec = catalogue.get(node_type)
    if spec is not None:
        try:
            bound = spec.bind(params)
        except DriftcheckError as e:
            raise Unbuildable(f"{where}: {e.message}") from None
        if node_type in STACKS:
            return STACKS[node_type](bound)
        if spec.torch:
            try:
                return _torch_class(spec.torch)(**spec.constructor_kwargs(bound))
            except (TypeError, ValueError, RuntimeError, AssertionError) as e:
                text = str(e).lower()
                if "allocate" in text or "out of memory" in text:
                    raise  # too big for this machine: the trainer reports it as oom
                raise Unbuildable(f"{where}: {spec.torch} refused its arguments: {e}") from None
        if node_type == "Attention":
            if bound["num_heads"] % (bound["num_kv_heads"] or bound["num_heads"]):
                raise Unbuildable(f"{where}: num_heads is not a multiple of num_kv_heads")
            return _Attention(bound)
        if node_type == "Parameter":
            return _Param(tuple(_dims(bound["shape"])), bound["requires_grad"])
        if node_type in OPS:
            return _Fn(node_type, OPS[node_type](bound))
        raise Unbuildable(f"{where}: catalogue type {node_type} has no torch module here")
    block = catalogue.get_block(node_type)
    if block is not None:
        try:
            sub = block.graph(params)
        except DriftcheckError as e:
            raise Unbuildable(f"{where}: {e.message}") from None
        return GraphModule(sub, _where=f"{where} > ")
    raise Unbuildable(f"{where}: unknown layer type {node_type!r}")


def _key(node_id: str) -> str:
    return node_id.replace(".", "__")


class GraphModule(nn.Module):
    """The module of one graph. ``forward(*inputs)`` takes the graph's ``Input`` nodes in
    graph order and returns the output node's tensor (a tuple when the graph has several)."""

    def __init__(self, graph: Graph, *, _where: str = "") -> None:
        super().__init__()
        if any(n.repeat > 1 for n in graph.nodes):
            graph = graph.expand()
        res = infer_shapes(graph)
        prep = res.prepared
        assert prep is not None
        if prep.stuck:
            raise Unbuildable(f"{_where}dataflow cycle through {prep.stuck[0]}")
        self.graph = graph
        self.expected = res
        self.input_ids = [n.id for n in graph.inputs()]
        self.output_ids = list(graph.outputs)
        if not self.output_ids:
            raise Unbuildable(f"{_where}graph has no output")
        self.layers = nn.ModuleDict()
        steps: list[tuple[str, str, tuple[str, ...]]] = []
        sources = prep.sources
        for nid in res.order:
            node = prep.index[nid]
            if node.type == "Input" or node.id in prep.has_kids:
                continue
            srcs = tuple(sources.get(nid, ()))
            if not srcs and node.type != "Parameter":
                continue  # not on the dataflow (a leaf nothing feeds)
            key = _key(nid)
            self.layers[key] = _leaf_module(node.type, dict(node.params), f"{_where}{nid}")
            steps.append((nid, key, srcs))
        self.steps = steps
        self._tie(graph)

    def _tie(self, graph: Graph) -> None:
        """A tied weight (``node.tied``) becomes the owner's ``Parameter`` (counted once)."""
        for n in graph.nodes:
            for own, other in n.tied.items():
                owner, _, wname = other.rpartition(".")
                if _key(n.id) in self.layers and _key(owner) in self.layers:
                    a, b = self.layers[_key(n.id)], self.layers[_key(owner)]
                    setattr(a, own, getattr(b, wname))

    def forward(self, *inputs: torch.Tensor) -> Any:
        if len(inputs) != len(self.input_ids):
            raise TypeError(f"graph takes {len(self.input_ids)} input(s), got {len(inputs)}")
        vals: dict[str, Any] = dict(zip(self.input_ids, inputs))
        for nid, key, srcs in self.steps:
            args = [vals[s] for s in srcs]
            out = self.layers[key](*args)
            if isinstance(out, (tuple, list)):
                out = out[0]
            vals[nid] = out
        outs = tuple(vals[o] for o in self.output_ids)
        return outs[0] if len(outs) == 1 else outs


def build_module(graph: Graph, device: str | torch.device | None = None) -> GraphModule:
    """The torch module of ``graph`` (on ``device``, CPU by default); ``Unbuildable`` names
    the first node that cannot be built."""
    if device is None:
        return GraphModule(graph)
    with torch.device(device):
        return GraphModule(graph)


def buildable(graph: Graph) -> str | None:
    """None when every dataflow node can be built, else why not (one line); builds nothing."""
    try:
        with torch.device("meta"):
            GraphModule(graph)
    except Unbuildable as e:
        return e.one_line()
    return None


_DTYPES = {
    "float32": torch.float32,
    "float": torch.float32,
    "long": torch.long,
    "int64": torch.long,
    "int32": torch.int32,
    "bool": torch.bool,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
}


def example_inputs(
    graph: Graph,
    shapes: Sequence[Sequence[int]] | None = None,
    device: str | torch.device = "cpu",
    high: int = 2,
) -> list[torch.Tensor]:
    """Random inputs for ``graph`` at its Input nodes' declared shapes (or ``shapes``):
    floats ~ N(0, 1), integers in [0, high)."""
    out = []
    for i, node in enumerate(graph.inputs()):
        shape = shapes[i] if shapes is not None else node.params.get("shape")
        if not isinstance(shape, (list, tuple)) or not all(isinstance(d, int) for d in shape):
            raise Unbuildable(f"{node.id}: input shape {shape!r} is not a list of ints")
        dtype = _DTYPES.get(str(node.params.get("dtype") or "float32"), torch.float32)
        if dtype.is_floating_point:
            out.append(torch.randn(tuple(shape), device=device).to(dtype))
        elif dtype == torch.bool:
            out.append(torch.zeros(tuple(shape), dtype=dtype, device=device))
        else:
            out.append(torch.randint(0, high, tuple(shape), device=device, dtype=dtype))
    return out
