"""Forward rules of session 32 (crashfix32b: fresh24's dev misses, made general). Each is torch's
or CPython's own behaviour (torch 2.13, CPU; ``tests/test_crash32k.py`` runs every verdict in
torch), judged on real sizes only and on facts the pass knows for certain; anything not known
gives no crash:

- ``torch.long(x)`` / ``torch.float32(h)``: a ``torch.dtype`` is not callable (TypeError);
- a device string torch's parser refuses (``"gpu"``, ``"CPU"``, ``"cuda0"``: c10's grammar
  ``[a-zA-Z_]+(:(0|[1-9][0-9]*))?`` with a type name of its list) given to ``x.to(...)``,
  ``torch.device(...)`` or a factory's ``device=`` (RuntimeError);
- ``x.to(dtype, <a str or a device>)``: ``to``'s dtype form takes ``non_blocking`` second,
  no signature matches (TypeError);
- ``F.dropout(x, self.training, p)`` (and ``dropout1d/2d/3d``, ``alpha_dropout``,
  ``feature_alpha_dropout``): a float as ``training`` (TypeError: must be bool);
- ``layer.shape`` / ``layer.size(0)`` / ``layer.detach()`` of a torch layer (a module, not
  its weight): ``nn.Module.__getattr__``'s AttributeError (``NO_TENSOR_ATTRS``, checked
  against each listed layer type in torch);
- ``m.parameters()[0]`` / ``m.children()[-1]`` / ``m.parameters().device``: torch's module
  listings are generators (TypeError: not subscriptable; AttributeError); ``d.keys()[0]`` /
  ``d.values()[-1]`` of a dict or a ``ModuleDict``: a view is not subscriptable (TypeError);
- ``"block" + i`` (str and int under ``+``: TypeError);
- a tensor under ``+ - * / // % ** @`` with a list or tuple of numbers (``outs * [0.5, 0.3]``:
  TypeError; ``*`` is a sequence repeat only for a one-element integer tensor);
- ``d[t]`` of a dict whose keys are all numbers / strings, with a tensor key (a tensor hashes
  by identity: KeyError);
- ``max(tensors)`` / ``sorted(tensors)`` / ``min(tensors)`` of two or more tensors of more
  than one element (RuntimeError: the bool of a many-valued tensor);
- ``range(x.shape[1:2])`` / ``int(x.shape[1:])``: a ``torch.Size`` where an int is wanted;
- ``x.sort(dim=-1)[:, -k:]`` / ``x.median(1)[..., :]``: indexing torch's (values, indices) pair
  with a tuple key (TypeError).
"""

from __future__ import annotations

import ast
import math
import re
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import UNK, Mod, Tens, Unk, known_shape

# ``torch.<name>`` of a dtype (every name is a ``torch.dtype`` object in torch 2.13)
DTYPE_NAMES = frozenset(
    {
        "float32", "float", "float64", "double", "float16", "half", "bfloat16", "int64",
        "long", "int32", "int", "int16", "short", "int8", "uint8", "bool", "complex64",
        "cfloat", "complex128", "cdouble", "complex32", "chalf", "uint16", "uint32", "uint64",
    }
)  # fmt: skip
# c10/core/Device.cpp: the device type names ``parse_type`` accepts (torch 2.13's message)
DEVICE_TYPES = frozenset(
    {
        "cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
        "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
        "privateuseone",
    }
)  # fmt: skip
_DEVICE_RE = re.compile(r"([a-zA-Z_]+)(?::([1-9][0-9]*|0))?")
# factories whose ``device=`` torch parses as a device
DEVICE_FUNCS = frozenset(
    {
        "zeros", "ones", "empty", "full", "rand", "randn", "randint", "randperm", "arange",
        "linspace", "logspace", "eye", "tensor", "as_tensor", "zeros_like", "ones_like",
        "empty_like", "full_like", "rand_like", "randn_like", "randint_like", "tril_indices",
        "triu_indices",
    }
)  # fmt: skip
# tensor methods whose ``device=`` torch parses as a device
_NEW_METHODS = frozenset({"new_zeros", "new_ones", "new_empty", "new_full", "new_tensor"})
# the functional dropouts whose third argument is ``training`` (a bool)
DROPOUTS = frozenset(
    {"dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout"}
)
# attributes a torch tensor has and ``nn.Module`` / the layers of ``NO_TENSOR_LAYERS`` do not
# (each pair measured in torch: tests/test_crash32k.py); ``float`` / ``half`` / ``to`` /
# ``type`` / ``cuda`` ... are nn.Module methods too and are not listed
NO_TENSOR_ATTRS = frozenset(
    {
        "shape", "size", "detach", "dim", "ndim", "numel", "view", "reshape", "unsqueeze",
        "squeeze", "permute", "transpose", "contiguous", "clone", "item", "numpy", "tolist",
        "dtype", "device", "T", "mT", "t", "data", "grad", "norm", "abs", "mean", "sum",
        "flatten", "expand", "repeat", "new_zeros", "new_ones", "new_empty", "new_tensor",
        "matmul", "mm", "softmax", "is_cuda", "clamp", "detach_", "fill_", "normal_",
        "uniform_", "zero_", "copy_", "mul_", "add_",
    }
)  # fmt: skip
NO_TENSOR_LAYERS = frozenset(
    {
        "Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
        "ConvTranspose2d", "ConvTranspose3d", "Embedding", "EmbeddingBag", "LayerNorm",
        "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "GroupNorm", "InstanceNorm1d",
        "InstanceNorm2d", "RMSNorm", "GRU", "LSTM", "RNN", "GRUCell", "LSTMCell", "RNNCell",
        "MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer", "ReLU",
        "GELU", "SiLU", "Tanh", "Sigmoid", "Dropout", "Identity", "PReLU",
    }
)  # fmt: skip
# the module listings torch returns as generators (nn.Module's own methods)
GENERATORS = frozenset(
    {
        "parameters",
        "named_parameters",
        "buffers",
        "named_buffers",
        "children",
        "named_children",
        "modules",
        "named_modules",
    }
)
# attributes a generator has (Python's): anything else is AttributeError
_GEN_ATTRS = frozenset({"send", "throw", "close", "gi_code", "gi_frame", "gi_running",
                        "gi_yieldfrom", "gi_suspended"})  # fmt: skip
_VIEWS = {"keys": "dict_keys", "values": "dict_values", "items": "dict_items"}
_OPS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.Pow: "** or pow()", ast.MatMult: "@",
}  # fmt: skip


def device_error(s: Any) -> str | None:
    """torch's error for parsing the device string ``s`` (c10 ``Device(const std::string&)``),
    else None (a valid string, or not a str)."""
    if s.__class__ is not str:
        return None
    if not s:
        return "RuntimeError: Device string must not be empty"
    m = _DEVICE_RE.fullmatch(s)
    if m is None:
        return f"RuntimeError: Invalid device string: '{s}'"
    if m.group(1) not in DEVICE_TYPES:
        return (
            "RuntimeError: Expected one of cpu, cuda, ... device type at start of device "
            f"string: {m.group(1)}"
        )
    return None


def _dtype(v: Any) -> bool:
    from driftcheck.parsers.source.values.abstract import Ext

    return isinstance(v, Ext) and v.qual.startswith("torch.") and v.qual[6:] in DTYPE_NAMES


def _is_device(v: Any, node: Any, fr: Any) -> bool:
    """``v`` (the value of ``node``) is a str or a ``torch.device`` for certain: a str, a
    ``torch.device(...)`` call, or ``<name>.device`` of a local that holds a tensor."""
    if v.__class__ is str:
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        f = node.func
        if f.attr == "device" and isinstance(f.value, ast.Name) and f.value.id == "torch":
            return True
    if isinstance(node, ast.Attribute) and node.attr == "device" and fr is not None:
        if isinstance(node.value, ast.Name):
            return isinstance(getattr(fr, "locals", {}).get(node.value.id), Tens)
    return False


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``torch.<...>(*args, **kwargs)`` by the rules above, else None."""
    if f.input_shape is None:
        return None
    name = q.rsplit(".", 1)[-1]
    if q.count(".") == 1 and name in DTYPE_NAMES:
        return "TypeError: 'torch.dtype' object is not callable"
    if q == "torch.device" and len(args) == 1 and not kwargs:
        return device_error(args[0])
    if q.count(".") == 1 and name in DEVICE_FUNCS and "device" in kwargs:
        return device_error(kwargs["device"])
    if q in ("torch.autograd.grad", "torch.autograd.backward"):
        key, pos = ("grad_outputs", 2) if q.endswith(".grad") else ("grad_tensors", 1)
        batched = arg(args, kwargs, 7, "is_grads_batched") if pos == 2 else False
        if batched is None:
            batched = False  # not given: torch's default
        if batched.__class__ not in (bool, int):
            return None  # session 39 (crashfix39b): an unknown flag, the shape rule unknown
        return grad_shape_error(arg(args, kwargs, 0, "outputs" if pos == 2 else "tensors"),
                                arg(args, kwargs, pos, key), bool(batched))  # fmt: skip
    err = torch_value_error(f, q, args, kwargs)
    if err is not None:
        return err
    if q.startswith("torch.nn.functional.") and name in DROPOUTS:
        tr = arg(args, kwargs, 2, "training")
        if tr.__class__ is float:
            which = "dropout" if name in ("dropout", "alpha_dropout") else "feature_dropout"
            if name == "alpha_dropout":
                which = "alpha_dropout"
            elif name == "feature_alpha_dropout":
                which = "feature_alpha_dropout"
            return f"TypeError: {which}(): argument 'train' (position 3) must be bool, not float"
    return None


def method_error(
    f: Any, t: Any, name: str, args: list, kwargs: dict, at: Any, fr: Any
) -> str | None:
    """torch's error for ``t.<name>(*args, **kwargs)`` by the rules above, else None."""
    if f.input_shape is None:
        return None
    if name == "backward" and isinstance(t, Tens):
        return grad_shape_error(t, arg(args, kwargs, 0, "gradient"))
    if name in _NEW_METHODS and "device" in kwargs:
        return device_error(kwargs["device"])  # ``h.new_zeros(n, device="gpu")``
    if name != "to":
        return reduce_error(f, t, name, args, kwargs) or fill_error(f, t, name, args, kwargs)
    if args and args[0].__class__ is str:
        err = device_error(args[0])
        if err is not None:
            return err
    if "device" in kwargs:
        err = device_error(kwargs["device"])
        if err is not None:
            return err
    if len(args) >= 2 and _dtype(args[0]) and isinstance(at, ast.Call) and len(at.args) >= 2:
        if not any(isinstance(a, ast.Starred) for a in at.args):
            if _is_device(args[1], at.args[1], fr):
                return (
                    "TypeError: to() received an invalid combination of arguments - got "
                    "(torch.dtype, a device): the dtype form takes non_blocking second"
                )
    return None


def leaf_attr(run: Any, v: Any, name: str) -> str | None:
    """``layer.<name>`` of a torch layer (``NO_TENSOR_LAYERS``) for a tensor-only ``name``:
    torch's AttributeError; None where the layer may hold it (written, tied, not torch's)."""
    from driftcheck.parsers.source.values.abstract import Leaf

    if run.f.input_shape is None or name not in NO_TENSOR_ATTRS or not isinstance(v, Mod):
        return None
    leaf = run.f.resolve(v.obj)
    if not isinstance(leaf, Leaf) or leaf.type not in NO_TENSOR_LAYERS:
        return None
    if leaf.unresolved or leaf.gone or leaf.owned or name in leaf.written or name in leaf.tied:
        return None
    if not (isinstance(leaf.torch, str) and leaf.torch == f"torch.nn.{leaf.type}"):
        return None
    if name in leaf.params:
        return None
    return f"AttributeError: '{leaf.type}' object has no attribute '{name}'"


# ---------------------------------------------------------------- generators and dict views
def _marks(f: Any) -> dict[int, tuple[Any, str]]:
    got = getattr(f, "_fix32b_marks", None)
    if got is None:
        got = {}
        f._fix32b_marks = got
    return got


class Listing(Unk):
    """The generator torch's own ``m.parameters()`` / ``m.modules()`` ... returns, where the
    pass does not list its items: an unknown value (as ``UNK`` is) that is a generator for
    certain (not subscriptable; no attribute but a generator's)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(generator)"


def listing_unknown(run: Any, t: Any, name: str, got: Any) -> Any:
    """``got`` for ``t.<name>()``: a ``Listing`` in place of ``UNK`` for torch's own module
    listings (``GENERATORS``) on real sizes."""
    if run.f.input_shape is not None and got is UNK and isinstance(t, Mod) and name in GENERATORS:
        return Listing()
    return got


def listing_made(run: Any, t: Any, name: str, got: Any) -> None:
    """``m.parameters()`` / ``m.children()`` ... (torch's own method: a generator) or
    ``d.keys()`` / ``.values()`` / ``.items()`` of a dict or ModuleDict (a view): mark the
    list the pass returns for it, by identity. A copy (``list(...)``, ``sorted(...)``) is a
    new object and unmarked."""
    if run.f.input_shape is None or got.__class__ is not list:
        return
    if isinstance(t, Mod) and name in GENERATORS:
        _marks(run.f)[id(got)] = (got, "generator")
    elif (isinstance(t, Mod) or isinstance(t, dict)) and name in _VIEWS:
        _marks(run.f)[id(got)] = (got, _VIEWS[name])


def _marked(f: Any, v: Any) -> str | None:
    if v.__class__ is Listing:
        return "generator"
    if v.__class__ is not list:
        return None
    got = getattr(f, "_fix32b_marks", None)
    hit = got.get(id(v)) if got else None
    return hit[1] if hit is not None and hit[0] is v else None


def subscript_error(f: Any, v: Any, key: Any) -> str | None:
    """``gen[...]`` / ``view[...]`` (TypeError); ``pair[a, b]`` of torch's (values, indices)
    pair (TypeError); ``d[t]`` of a dict of number / str keys with a tensor key (KeyError)."""
    if f.input_shape is None:
        return None
    kind = _marked(f, v)
    if kind is not None:
        return f"TypeError: '{kind}' object is not subscriptable"
    from driftcheck.parsers.source.forward.dataflow_axes import NamedPair

    if isinstance(v, NamedPair) and isinstance(key, tuple):
        return "TypeError: tuple indices must be integers or slices, not tuple"
    if v.__class__ is dict and isinstance(key, Tens) and v:
        lost = f.run_state.get("fix32b_not_plain")
        if lost and lost.get(id(v)) is v:
            return None  # read from a ``defaultdict`` / ``Counter`` (a missing key is made)
        if all(k.__class__ in (int, str, float) for k in v):
            return "KeyError: a tensor key (a tensor hashes by identity)"
    return None


def attribute_error(f: Any, v: Any, name: str) -> str | None:
    """``gen.<name>`` of a marked module listing (AttributeError)."""
    if f.input_shape is None or name.startswith("__") or name in _GEN_ATTRS:
        return None
    if _marked(f, v) == "generator":
        return f"AttributeError: 'generator' object has no attribute '{name}'"
    return None


# ---------------------------------------------------------------- operators and builtins
def _numbers(v: Any) -> bool:
    return v.__class__ in (list, tuple) and all(x.__class__ in (int, float, bool) for x in v)


def binop_error(f: Any, op: Any, a: Any, b: Any) -> str | None:
    """``"block" + i`` and ``t * [0.5, 0.3]`` (see the module docstring), else None."""
    if f.input_shape is None:
        return None
    sym = _OPS.get(op.__class__)
    if sym is None:
        return None
    if op.__class__ is ast.Add:
        if a.__class__ is str and b.__class__ in (int, float, bool):
            return f'TypeError: can only concatenate str (not "{b.__class__.__name__}") to str'
        if b.__class__ is str and a.__class__ in (int, float, bool):
            kind = a.__class__.__name__
            return f"TypeError: unsupported operand type(s) for +: '{kind}' and 'str'"
    t, seq = (a, b) if isinstance(a, Tens) else (b, a)
    if not isinstance(t, Tens) or not _numbers(seq):
        return None
    if op.__class__ is ast.Mult:
        s = known_shape(t)
        if s is None or math.prod(s) == 1:
            return None  # a one-element integer tensor repeats the sequence
        return "TypeError: only integer tensors of a single element can be converted to an index"
    kind = seq.__class__.__name__
    left, right = ("Tensor", kind) if t is a else (kind, "Tensor")
    return f"TypeError: unsupported operand type(s) for {sym}: '{left}' and '{right}'"


def _size(f: Any, v: Any) -> bool:
    """``v`` is a ``torch.Size`` for certain (a shape, or a slice of one: ``x.shape[1:]``)."""
    from driftcheck.parsers.source.forward.dataflow_misuse import _size as shape_or_slice
    from driftcheck.parsers.source.values.torchsize import TorchSize

    return isinstance(v, TorchSize) or shape_or_slice(f, v)


def builtin_error(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``max(tensors)`` / ``range(x.shape[1:])`` ... (see the module docstring), else None."""
    if f.input_shape is None:
        return None
    if name in ("max", "min", "sorted") and len(args) == 1 and "key" not in kwargs:
        items = args[0]
        if items.__class__ in (list, tuple) and len(items) >= 2:
            shapes = [known_shape(x) if isinstance(x, Tens) else None for x in items]
            if all(s is not None and math.prod(s) > 1 for s in shapes):
                return "RuntimeError: Boolean value of Tensor with more than one value is ambiguous"
    if name == "range" and any(_size(f, x) for x in args):
        return "TypeError: 'torch.Size' object cannot be interpreted as an integer"
    if name in ("int", "float") and len(args) == 1 and _size(f, args[0]):
        return (
            f"TypeError: {name}() argument must be a string, a bytes-like object or a real "
            "number, not 'torch.Size'"
        )
    return None


# ---------------------------------------------------------------- values and empty dims
# reductions that refuse an empty reduced dim (IndexError) and, for the first group, a call
# without ``dim`` on an empty tensor (measured in torch 2.13: tests/test_crash32k.py); the
# position of ``dim`` among a method's arguments (``kthvalue(k, dim)``)
EMPTY_DIM = {
    "max": 0, "min": 0, "amax": 0, "amin": 0, "argmax": 0, "argmin": 0, "aminmax": None,
    "median": 0, "nanmedian": 0, "mode": 0, "kthvalue": 1,
}  # fmt: skip
EMPTY_ALL = frozenset({"max", "min", "amax", "amin", "argmax", "argmin", "aminmax"})
# the largest finite value of each half dtype (a fill value past it: RuntimeError)
HALF_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38}
_HALF_WORD = {"float16": "Half", "bfloat16": "BFloat16"}


def _empty_dim_error(name: str, shape: tuple, args: list, kwargs: dict) -> str | None:
    """torch's error for the reduction ``name`` of a tensor of ``shape`` (``args`` without the
    tensor), else None."""
    pos = EMPTY_DIM[name]
    if "dim" in kwargs:
        dim = kwargs["dim"]
    elif pos is not None and len(args) > pos:
        dim = args[pos]
    else:
        dim = None
    if name == "kthvalue" and not args:
        return None
    if dim is None:
        if name in EMPTY_ALL and not (name in ("max", "min") and args) and 0 in shape:
            if name == "aminmax":
                return "RuntimeError: aminmax(): cannot compute aminmax over an empty dimension"
            return f"RuntimeError: {name}(): Expected reduction dim to be specified for numel 0"
        return None
    dims = dim if name in ("amax", "amin") and dim.__class__ in (tuple, list) else (dim,)
    for d in dims:
        if d.__class__ is not int or not -len(shape) <= d < len(shape):
            return None
    for d in dims:
        if shape[d] == 0:
            return f"IndexError: {name}(): Expected reduction dim {d} to have non-zero size."
    return None


def reduce_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``t.<name>(...)`` of the reductions of ``EMPTY_DIM`` over an empty dim, else None."""
    if f.input_shape is None or name not in EMPTY_DIM or not isinstance(t, Tens):
        return None
    s = known_shape(t)
    if s is None:
        return None
    if name in ("max", "min") and any(isinstance(a, Tens) for a in (*args, *kwargs.values())):
        return None  # the elementwise form (``x.max(other)``)
    return _empty_dim_error(name, s, args, kwargs)


def fill_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``t.masked_fill(mask, v)`` / ``t.fill_(v)`` of a float16 / bfloat16 tensor with a finite
    Python number past the dtype's range: RuntimeError, else None."""
    if name in ("masked_fill", "masked_fill_"):
        v = arg(args, kwargs, 1, "value")
    elif name == "fill_":
        v = arg(args, kwargs, 0, "value")
    else:
        return None
    if v.__class__ not in (int, float) or not math.isfinite(v):
        return None
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    d = exact(f, t)
    if d not in HALF_MAX or abs(v) <= HALF_MAX[d]:
        return None
    return f"RuntimeError: value cannot be converted to type c10::{_HALF_WORD[d]} without overflow"


def torch_value_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """``torch.max(x, 1)`` ... over an empty dim, ``torch.linspace`` of tensor bounds that are
    not 0-dim, ``torch.stack(self.layers)`` of a module, else None."""
    if f.input_shape is None or q.count(".") != 1:
        return None
    name = q[6:]
    if name in EMPTY_DIM and args and isinstance(args[0], Tens):
        return reduce_error(f, args[0], name, args[1:], kwargs)
    if name in ("linspace", "logspace"):
        for key, pos in (("start", 0), ("end", 1)):
            v = arg(args, kwargs, pos, key)
            s = known_shape(v) if isinstance(v, Tens) else None
            if s is not None and len(s) != 0:
                return (
                    f"RuntimeError: {name} only supports 0-dimensional start and end tensors, "
                    f"but got {key} with {len(s)} dimension(s)"
                )
    if name in ("stack", "cat", "concat", "concatenate", "hstack", "vstack", "dstack"):
        v = arg(args, kwargs, 0, "tensors")
        if isinstance(v, Mod):
            return f"TypeError: {name}(): argument 'tensors' (position 1) must be tuple of Tensors"
    return None


def math_error(f: Any, q: str, args: list, e: BaseException, at: Any, fr: Any) -> None:
    """``math.<fn>(x)`` of plain numbers CPython refuses (``math.log(-1.0)``: ValueError,
    ``math.exp(1000)``: OverflowError): the crash (outside speculative code, on real sizes)."""
    if f.input_shape is None or at is None or fr is None:
        return
    if not all(a.__class__ in (int, float) for a in args):
        return  # a traced number (its value is a stand-in)
    if isinstance(e, ValueError):
        f.crash(fr.loc(at), f"ValueError: {q}(): math domain error")
    elif isinstance(e, OverflowError):
        f.crash(fr.loc(at), f"OverflowError: {q}(): math range error")


def _pairs(v: Any) -> list:
    return list(v) if v.__class__ in (list, tuple) else [v]


def grad_shape_error(outs: Any, grads: Any, batched: bool = False) -> str | None:
    """``torch.autograd.grad(outs, ins, grad_outputs=grads)`` / ``out.backward(grads)``: torch's
    ``_make_grads`` wants each given gradient of its output's exact shape (no broadcast;
    checked before anything requires grad), else RuntimeError; None where a shape is unknown.
    With ``is_grads_batched=True`` (``batched``) the first dim of each gradient is the batch:
    ``grad[0]`` is what must match (session 39, crashfix39b; a 0-dim gradient: IndexError)."""
    if grads is None:
        return None
    outs, grads = _pairs(outs), _pairs(grads)
    if len(outs) != len(grads):
        return None
    for i, (o, g) in enumerate(zip(outs, grads)):
        if not (isinstance(o, Tens) and isinstance(g, Tens)):
            continue
        so, sg = known_shape(o), known_shape(g)
        if batched and so is not None and sg is not None:
            if len(sg) == 0:
                return (
                    "IndexError: invalid index of a 0-dim tensor. Use `tensor.item()` in "
                    "Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
                )
            if tuple(so) != tuple(sg[1:]):
                # torch prints the gradient's shape with two leading dims cut (a quirk of
                # its ``_calculate_shape``, handed ``grad[0]``)
                return (
                    "RuntimeError: If `is_grads_batched=True`, we interpret the first dimension "
                    "of each grad_output as the batch dimension. The sizes of the remaining "
                    "dimensions are expected to match the shape of corresponding output, but a "
                    f"mismatch was detected: grad_output[{i}] has a shape of "
                    f"torch.Size({list(sg[2:])}) and output[{i}] has a shape of "
                    f"torch.Size({list(so)})."
                )
            continue
        if so is not None and sg is not None and tuple(so) != tuple(sg):
            return (
                f"RuntimeError: Mismatch in shape: grad_output[{i}] has a shape of "
                f"torch.Size({list(sg)}) and output[{i}] has a shape of torch.Size({list(so)})."
            )
    return None


# ---------------------------------------------------------------- inference tensors saved
_INFER32 = "fix32b_inference"  # run_state: id -> tensor made in inference_mode by a layer


def _alloc_layer(f: Any, v: Any) -> bool:
    """``v`` is a torch layer whose output is a new tensor (``GRAD_LAYERS``: it has a weight),
    or a torch ``nn.Sequential`` whose first child is one and whose every child is a torch
    layer (later children see a tensor made in inference mode: their output is one too, a
    view of it or itself)."""
    from driftcheck.parsers.source.forward import dataflow_fix31b
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf
    from driftcheck.parsers.source.values.abstract import Obj

    leaf = _torch_leaf(f, v)
    if leaf is not None:
        return leaf.type in dataflow_fix31b.GRAD_LAYERS and leaf.torch == f"torch.nn.{leaf.type}"
    obj = f.resolve(v.obj) if isinstance(v, Mod) else None
    if not isinstance(obj, Obj) or obj.kind != "Sequential" or obj.cls is not None:
        return False
    if obj.unresolved or obj.none_keys or not obj.children:
        return False
    kids = [Mod(c) for c in obj.children.values()]
    if not all(_torch_leaf(f, k) is not None for k in kids):
        return False
    return _alloc_layer(f, kids[0])


def with_left(run: Any, st: Any, fr: Any, modes: list) -> None:
    """Leaving ``with torch.inference_mode():``: a name the body binds once, at its top level,
    to a call of a layer of ``_alloc_layer`` holds an inference tensor."""
    f = run.f
    if f.input_shape is None or "inference" not in modes or f.speculative:
        return
    from driftcheck.parsers.source.forward.dataflow_fix30b import _depth, bound_once

    if _depth(f)["inference"] > 0 or _depth(f)["unknown"] > 0:
        return
    for name, e in bound_once(st.body):
        if not isinstance(e, ast.Call):
            continue
        if not (isinstance(e.func, ast.Attribute) and isinstance(e.func.value, ast.Name)):
            continue
        if e.func.value.id != "self" or fr.self_mod is None:
            continue
        v = fr.locals.get(name)
        if not isinstance(v, Tens):
            continue
        from driftcheck.parsers.source.forward.dataflow_ops import module_attr

        layer = module_attr(run, fr.self_mod, e.func.attr)
        if _alloc_layer(f, layer):
            f.run_state.setdefault(_INFER32, {})[id(v)] = v


def _inferred(f: Any, t: Any) -> bool:
    """``t`` is an inference tensor: marked by ``with_left``, or by dataflow_fix30b (a name
    bound in ``inference_mode`` to a new tensor: a factory, a reduction, arithmetic)."""
    if not isinstance(t, Tens):
        return False
    got = f.run_state.get(_INFER32)
    if got and got.get(id(t)) is t:
        return True
    from driftcheck.parsers.source.forward import dataflow_checks

    return dataflow_checks.fact(f, t, "inference") is True


def _grad_here(f: Any, fr: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_fix31b
    from driftcheck.parsers.source.forward.dataflow_fix30b import _depth

    d = _depth(f)
    if d["inference"] or d["unknown"] or f.speculative:
        return False
    return dataflow_fix31b._grad_on_here(f, fr)


_SAVED = (
    "RuntimeError: Inference tensors cannot be saved for backward (a tensor made in "
    "inference_mode used where autograd records)"
)


def layer_called(run: Any, fv: Any, args: list, fr: Any, loc: Any) -> bool:
    """``self.fc(prior)`` inside ``enable_grad`` with ``prior`` made in ``inference_mode``: the
    layer's weight requires grad, so torch saves the input (RuntimeError). True: crashed."""
    from driftcheck.parsers.source.forward import dataflow_fix31b
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf

    f = run.f
    if f.input_shape is None or fr is None or loc is None or not args:
        return False
    if not _inferred(f, args[0]):
        return False
    leaf = _torch_leaf(f, fv)
    if leaf is None or leaf.type not in dataflow_fix31b.GRAD_LAYERS:
        return False
    if leaf.tied or leaf.owned or leaf.wnorm or leaf.torch != f"torch.nn.{leaf.type}":
        return False
    if not _grad_here(f, fr):
        return False
    f.crash(loc, _SAVED)
    return True


def _needs_grad(run: Any, v: Any, node: Any, fr: Any) -> bool:
    """``v`` requires grad for certain: a torch layer's output made under ``enable_grad``
    (dataflow_fix31b), or ``self.<name>`` of a parameter the module registered."""
    from driftcheck.parsers.source.forward import dataflow_fix31b
    from driftcheck.parsers.source.values.abstract import Obj

    marked = run.f.run_state.get(dataflow_fix31b._GRAD, {})
    if isinstance(v, Tens) and marked.get(id(v)) is v:
        return True
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return False
    if node.value.id != "self" or fr.self_mod is None:
        return False
    obj = run.f.resolve(fr.self_mod.obj)
    return isinstance(obj, Obj) and obj.module and node.attr in obj.params and isinstance(v, Tens)


def binop_saved(run: Any, op: Any, a: Any, b: Any, fr: Any, at: Any) -> bool:
    """``prior * self.scale`` / ``prior / w`` / ``prior @ w`` with ``prior`` made in
    ``inference_mode`` and the other operand requiring grad, inside ``enable_grad``: torch
    saves ``prior`` for the other's gradient (RuntimeError; ``+`` / ``-`` save nothing)."""
    f = run.f
    if f.input_shape is None or not isinstance(at, ast.BinOp):
        return False
    if op.__class__ not in (ast.Mult, ast.Div, ast.MatMult):
        return False
    pairs = ((a, b, at.right), (b, a, at.left))
    for inf, other, node in pairs:
        if op.__class__ is ast.Div and inf is b:
            continue  # ``w / prior``: not measured, not judged
        if _inferred(f, inf) and _needs_grad(run, other, node, fr) and _grad_here(f, fr):
            f.crash(fr.loc(at), _SAVED)
            return True
    return False
