"""Constructs the vision libraries of the wild corpus build their models with (issue #16: timm,
segmentation_models_pytorch, efficientnet_pytorch, monai, torchvision, open_clip...), each in a
small model run in real torch: the static count must equal torch's, or be null (never a guess).
"""

from __future__ import annotations

import runpy
import sys
import textwrap

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")


def count_both(tmp_path, files: dict[str, str]) -> tuple[int | None, int]:
    """Write ``files`` (the last one builds ``model``), count statically and in torch."""
    for name, src in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(src))
    main = tmp_path / list(files)[-1]
    got = parse_source(main).params_total()
    sys.path.insert(0, str(tmp_path))
    try:
        model = runpy.run_path(str(main), run_name="__wild__")["model"]
    finally:
        sys.path.remove(str(tmp_path))
        for name in files:
            mod = name[:-3].replace("/", ".").removesuffix(".__init__")
            for m in (mod, mod.split(".")[0]):
                sys.modules.pop(m, None)
    return got, sum(p.numel() for p in model.parameters())


def test_factory_table_filled_by_module_level_statements(tmp_path):
    # monai's LayerFactory: a module-level object that later top-level statements of its module
    # fill (``@Conv.factory_function("conv")`` over a definition, ``Act.add("relu", ...)``), read
    # through ``__getattr__`` (``Conv.CONV``) and ``__getitem__`` (``Conv["conv", 2]``)
    got, want = count_both(
        tmp_path,
        {
            "vis_factories.py": """
            from keyword import iskeyword
            from torch import nn

            class Factory:
                def __init__(self):
                    self.components = {}

                def add(self, name, fn):
                    if not name.isidentifier() or iskeyword(name):
                        raise ValueError(name)
                    self.components[name.upper()] = fn

                def register(self, name):
                    def deco(fn):
                        self.add(name, fn)
                        return fn
                    return deco

                def __getattr__(self, key):
                    if key in self.components:
                        return key
                    return super().__getattribute__(key)

                def __getitem__(self, args):
                    name, *rest = (args,) if isinstance(args, str) else args
                    if name.upper() not in self.components:
                        raise KeyError(name)
                    return self.components[name.upper()](*rest)

            Conv = Factory()
            Act = Factory()

            @Conv.register("conv")
            def conv_factory(dim):
                return (nn.Conv1d, nn.Conv2d, nn.Conv3d)[dim - 1]

            Act.add("prelu", lambda: nn.PReLU)
            Act.add("relu", lambda: nn.ReLU)
            """,
            "vis_model.py": """
            from torch import nn
            from vis_factories import Act, Conv

            class Net(nn.Module):
                def __init__(self, dims=2):
                    super().__init__()
                    self.conv = Conv[Conv.CONV, dims](3, 8, 3)
                    self.act = Act["prelu"]()

            model = Net()
            """,
        },
    )
    assert got == want == 3 * 8 * 9 + 8 + 1


def test_mixin_after_nn_module_in_the_mro(tmp_path):
    # smp's ``class ResNetEncoder(ResNet, EncoderMixin)``: ``out_channels`` is the mixin's
    # property, found after ``nn.Module`` in the MRO
    got, want = count_both(
        tmp_path,
        {
            "vis_mixin.py": """
            from torch import nn

            class Base(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stem = nn.Conv2d(3, 4, 1)

            class ChannelsMixin:
                @property
                def out_channels(self):
                    return self._out_channels[: self._depth + 1]

            class Encoder(Base, ChannelsMixin):
                def __init__(self, depth):
                    super().__init__()
                    self._depth = depth
                    self._out_channels = [3, 4, 8, 16]

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.encoder = Encoder(2)
                    self.head = nn.Linear(self.encoder.out_channels[-1], 5)

            model = Net()
            """,
        },
    )
    assert got == want == 3 * 4 + 4 + 8 * 5 + 5


def test_isinstance_of_abstract_collections_and_enum_meta(tmp_path):
    # monai's look_up_option: ``isinstance(opt, Hashable)``, ``isinstance(options, EnumMeta)``
    # on a set, ``isinstance(options, Collection)``: Python's own answers decide the layer built
    got, want = count_both(
        tmp_path,
        {
            "vis_lookup.py": """
            import enum
            from collections.abc import Collection, Hashable, Mapping
            from torch import nn

            def look_up(opt, supported):
                if not isinstance(opt, Hashable):
                    raise ValueError(opt)
                if isinstance(supported, enum.EnumMeta):
                    return supported(opt)
                elif isinstance(supported, Mapping) and opt in supported:
                    return supported[opt]
                elif isinstance(supported, Collection) and opt in supported:
                    return opt
                raise ValueError(opt)

            class Net(nn.Module):
                def __init__(self, kind="wide"):
                    super().__init__()
                    kind = look_up(kind, {"wide", "narrow"})
                    width = look_up(kind, {"wide": 16, "narrow": 4})
                    self.fc = nn.Linear(8, width) if isinstance((1, 2), Hashable) else None

            model = Net()
            """,
        },
    )
    assert got == want == 8 * 16 + 16


def test_numpy_same_padding_and_recursive_nested_builder(tmp_path):
    # monai's same_padding (elementwise arithmetic on np.atleast_1d arrays) and UNet's
    # ``_create_block``, a nested function that calls itself
    got, want = count_both(
        tmp_path,
        {
            "vis_unet.py": """
            import numpy as np
            from torch import nn

            def same_padding(kernel_size, dilation=1):
                k = np.atleast_1d(kernel_size)
                d = np.atleast_1d(dilation)
                if np.any((k - 1) * d % 2 == 1):
                    raise NotImplementedError(kernel_size)
                padding = tuple(int(p) for p in (k - 1) / 2 * d)
                return padding if len(padding) > 1 else padding[0]

            class Skip(nn.Module):
                def __init__(self, sub):
                    super().__init__()
                    self.sub = sub

            class UNet(nn.Module):
                def __init__(self, channels=(4, 8, 16), kernel=(3, 5)):
                    super().__init__()

                    def block(inc, chans, top):
                        c = chans[0]
                        if len(chans) > 2:
                            sub = block(c, chans[1:], False)
                        else:
                            sub = nn.Conv2d(c, chans[1], 1)
                        pad = same_padding(kernel)
                        down = nn.Conv2d(inc, c, kernel, padding=pad)
                        return nn.Sequential(down, Skip(sub))

                    self.model = block(1, channels, True)

            model = UNet()
            """,
        },
    )
    assert got == want == (1 * 4 * 15 + 4) + (4 * 8 * 15 + 8) + (8 * 16 + 16)


def test_call_of_a_name_bound_nowhere_is_unknown(tmp_path):
    # a callee the analysis cannot bind (here a name Python would only find at run time)
    # returns what may be a layer: the count is null, never the rest of the model alone
    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(4, 4)
                    self.b = make_block(4)

            model = Net()
            """
        )
    )
    assert parse_source(f).params_total() is None


def test_pretrained_cfg_table_filled_by_the_registering_decorator(tmp_path):
    # timm: ``@register_model`` looks its module up in ``sys.modules[fn.__module__]``, asks
    # ``hasattr(mod, "default_cfgs")`` and files the module's ``default_cfgs`` (a
    # ``defaultdict(DefaultCfg)`` whose ``tags`` is a ``deque``) under the model's name;
    # ``create_model`` reads ``in_chans`` and ``num_classes`` back from that table
    got, want = count_both(
        tmp_path,
        {
            "vispkg/__init__.py": "",
            "vispkg/registry.py": """
            import sys
            from collections import defaultdict, deque
            from dataclasses import dataclass, field

            _entrypoints = {}
            _cfgs = {}

            @dataclass
            class Cfg:
                input_size: tuple = (3, 32, 32)
                num_classes: int = 10

            @dataclass
            class DefaultCfg:
                tags: deque = field(default_factory=deque)
                cfgs: dict = field(default_factory=dict)

            def generate(cfgs):
                out = defaultdict(DefaultCfg)
                for k, v in cfgs.items():
                    name, _, tag = k.partition(".")
                    out[name].tags.appendleft(tag)
                    out[name].cfgs[tag] = Cfg(**v)
                return out

            def register_model(fn):
                mod = sys.modules[fn.__module__]
                _entrypoints[fn.__name__] = fn
                if hasattr(mod, "default_cfgs") and fn.__name__ in mod.default_cfgs:
                    d = mod.default_cfgs[fn.__name__]
                    _cfgs[fn.__name__] = d.cfgs[d.tags[0]]
                return fn

            def create_model(name, **kwargs):
                fn = _entrypoints[name]
                cfg = _cfgs[name]
                kwargs.setdefault("in_chans", cfg.input_size[0])
                kwargs.setdefault("num_classes", cfg.num_classes)
                return fn(**kwargs)
            """,
            "vispkg/nets.py": """
            from torch import nn
            from vispkg.registry import generate, register_model

            class Net(nn.Module):
                def __init__(self, in_chans=3, num_classes=1000):
                    super().__init__()
                    self.stem = nn.Conv2d(in_chans, 8, 3)
                    self.fc = nn.Linear(8, num_classes)

            default_cfgs = generate({"tiny.old": {"num_classes": 7}, "tiny.gray": {"input_size": (1, 8, 8)}})

            @register_model
            def tiny(**kwargs):
                return Net(**kwargs)
            """,
            "vis_use.py": """
            import vispkg.nets  # noqa: F401 - registers the model
            from vispkg.registry import create_model

            model = create_model("tiny", num_classes=5)
            """,
        },
    )
    assert got == want == 1 * 8 * 9 + 8 + 8 * 5 + 5


def test_block_strings_decoded_by_re_split(tmp_path):
    # efficientnet_pytorch: block arguments decoded from strings ('r1_k3_s11_e6_i16_o24') with
    # ``re.split`` into a namedtuple table; a pattern whose match could blow up (a repeat in a
    # repeat) is not run: the count is then null
    src = """
        import re
        from collections import namedtuple
        from torch import nn

        BlockArgs = namedtuple("BlockArgs", ["kernel_size", "expand_ratio", "inp", "out"])

        def decode(s, pattern=r"(\\d.*)"):
            options = {}
            for op in s.split("_"):
                splits = re.split(pattern, op)
                if len(splits) >= 2:
                    key, value = splits[:2]
                    options[key] = value
            return BlockArgs(int(options["k"]), int(options["e"]), int(options["i"]), int(options["o"]))

        class Net(nn.Module):
            def __init__(self, blocks=("r1_k3_e1_i8_o16", "r2_k5_e6_i16_o24"), **kw):
                super().__init__()
                self.blocks = nn.ModuleList()
                for b in blocks:
                    a = decode(b, **kw)
                    mid = a.inp * a.expand_ratio
                    self.blocks.append(nn.Conv2d(a.inp, mid, 1, bias=False))
                    self.blocks.append(nn.Conv2d(mid, mid, a.kernel_size, groups=mid, bias=False))
                    self.blocks.append(nn.Conv2d(mid, a.out, 1, bias=False))

        model = Net(%s)
    """
    got, want = count_both(tmp_path, {"vis_blocks.py": src % ""})
    assert got == want == (8 * 8 + 8 * 9 + 8 * 16) + (16 * 96 + 96 * 25 + 96 * 24)
    f = tmp_path / "vis_blocks_nested.py"
    f.write_text(textwrap.dedent(src % 'pattern=r"((\\d)+)+"'))
    assert parse_source(f).params_total() is None


def test_builder_instance_call_and_library_class_name(tmp_path):
    # timm's EfficientNetBuilder: ``nn.Sequential(*builder(stem, block_args))`` calls an
    # instance's ``__call__``; get_norm_act_layer maps ``norm_layer.__name__.lower()``
    got, want = count_both(
        tmp_path,
        {
            "vis_builder.py": """
            from torch import nn

            NORM_ACT = {"batchnorm2d": nn.BatchNorm2d, "groupnorm": nn.GroupNorm}

            class Builder:
                def __init__(self, norm_layer):
                    self.norm = NORM_ACT[norm_layer.__name__.lower()]
                    self.in_chs = None

                def __call__(self, in_chs, widths):
                    out = []
                    for w in widths:
                        out.append(nn.Sequential(nn.Conv2d(in_chs, w, 3), self.norm(w)))
                        in_chs = w
                    self.in_chs = in_chs
                    return out

            class Net(nn.Module):
                def __init__(self, norm_layer=nn.BatchNorm2d):
                    super().__init__()
                    builder = Builder(norm_layer)
                    self.blocks = nn.Sequential(*builder(3, [8, 16]))
                    self.head = nn.Linear(builder.in_chs, 4)

            model = Net()
            """,
        },
    )
    assert got == want == (3 * 8 * 9 + 8 + 16) + (8 * 16 * 9 + 16 + 32) + (16 * 4 + 4)


def test_builder_function_star_imported_over_its_submodule(tmp_path):
    # torchvision: ``models/__init__.py`` does ``from .mobilenet import *`` (mobilenet.py
    # star-imports mobilenetv2) and ``from .googlenet import *``: ``models.googlenet`` is the
    # function, bound over the submodule of the same name
    got, want = count_both(
        tmp_path,
        {
            "vpk/__init__.py": "from .family import *\nfrom .tiny import *\n",
            "vpk/family.py": "from .small import *\n",
            "vpk/small.py": """
            from torch import nn

            __all__ = ["small"]

            def small(*, weights=None, num_classes=10):
                return nn.Sequential(nn.Linear(4, 8), nn.Linear(8, num_classes))
            """,
            "vpk/tiny.py": """
            from torch import nn

            __all__ = ["tiny"]

            def tiny(*, weights=None, num_classes=10):
                return nn.Linear(4, num_classes)
            """,
            "vis_star.py": """
            import torch.nn as nn
            import vpk

            model = nn.ModuleList([vpk.small(num_classes=3), vpk.tiny(num_classes=5)])
            """,
        },
    )
    assert got == want == (4 * 8 + 8 + 8 * 3 + 3) + (4 * 5 + 5)


def test_str_enum_options_and_optional_import_pairs(tmp_path):
    # monai: ``class UpsampleMode(StrEnum)`` members looked up by ``look_up_option`` (``.strip()``
    # on a member, ``isinstance(member, enum.Enum)``, ``isinstance(cls, EnumMeta)``); a layer
    # class bound by ``Rearrange, _ = optional_import("einops.layers.torch", name=...)`` at
    # module level; ``np.prod(strides)`` of a number
    got, want = count_both(
        tmp_path,
        {
            "vis_opts.py": """
            import enum
            from importlib import import_module

            class StrEnum(str, enum.Enum):
                def __str__(self):
                    return self.value

            class Mode(StrEnum):
                DECONV = "deconv"
                SHUFFLE = "pixelshuffle"

            def look_up(opt, supported):
                if isinstance(opt, str):
                    opt = opt.strip()
                if isinstance(supported, enum.EnumMeta):
                    if isinstance(opt, str) and opt in {m.value for m in supported}:
                        return supported(opt)
                    if isinstance(opt, enum.Enum):
                        return opt
                raise ValueError(opt)

            def optional_import(module, name=""):
                try:
                    the_module = import_module(module)
                    pkg = __import__(module)
                    if name:
                        the_module = getattr(the_module, name)
                except Exception:
                    return None, False
                return the_module, pkg is not None

            Flatten, has_flatten = optional_import("torch.nn", name="Flatten")
            """,
            "vis_optuse.py": """
            import numpy as np
            from torch import nn
            from vis_opts import Flatten, Mode, look_up

            class Up(nn.Module):
                def __init__(self, ch, mode=Mode.DECONV, strides=2):
                    super().__init__()
                    mode = look_up(mode, Mode)
                    if mode == Mode.DECONV:
                        self.up = nn.ConvTranspose2d(ch, ch, 2, stride=2)
                    elif mode == Mode.SHUFFLE:
                        self.up = nn.Conv2d(ch, ch * 4, 3)
                    if np.prod(strides) != 1:
                        self.res = nn.Conv2d(ch, ch, 1)
                    self.flat = Flatten()

            model = nn.Sequential(Up(4), Up(2, mode=" pixelshuffle", strides=1))
            """,
        },
    )
    assert got == want == (4 * 4 * 4 + 4) + (4 * 4 + 4) + (2 * 8 * 9 + 8)


def test_parameter_taken_from_an_unregistered_local_module(tmp_path):
    # open_clip's CLIP: ``text = _build_text_tower(...)`` stays a local; ``self.positional_embedding
    # = text.positional_embedding`` makes the parameter CLIP's own (counted once, even when a
    # second attribute refers to it)
    got, want = count_both(
        tmp_path,
        {
            "vis_clip.py": """
            import torch
            from torch import nn

            class TextTower(nn.Module):
                def __init__(self, ctx=16, width=8):
                    super().__init__()
                    self.positional_embedding = nn.Parameter(torch.empty(ctx, width))
                    self.proj = nn.Parameter(torch.empty(width, 4))
                    self.token_embedding = nn.Embedding(50, width)

            class Clip(nn.Module):
                def __init__(self):
                    super().__init__()
                    text = TextTower()
                    self.token_embedding = text.token_embedding
                    self.positional_embedding = text.positional_embedding
                    self.pos_alias = text.positional_embedding
                    self.text_projection = text.proj

            model = Clip()
            """,
        },
    )
    assert got == want == 50 * 8 + 16 * 8 + 8 * 4


def test_module_table_rebound_and_filled_in_a_loop(tmp_path):
    # timm's vision_transformer.py: ``default_cfgs = {...}``, a ``for`` loop adding entries,
    # then ``default_cfgs = generate_default_cfgs(default_cfgs)``: the value after import is
    # the last binding
    got, want = count_both(
        tmp_path,
        {
            "vis_cfgs.py": """
            import os

            def generate(cfgs):
                return {k.split(".")[0]: v for k, v in cfgs.items()}

            default_cfgs = {"small.a": {"width": 8}, "base.a": {"width": 16}}
            for n, c in list(default_cfgs.items()):
                default_cfgs[n.replace("small", "wide")] = {"width": c["width"] * 4}
            default_cfgs = generate(default_cfgs)
            USE_ALT = False
            """,
            "vis_cfguse.py": """
            from torch import nn
            from vis_cfgs import USE_ALT, default_cfgs

            widths = [default_cfgs[n]["width"] for n in ("small", "base", "wide")]
            model = nn.ModuleList([nn.Linear(w, 2 if USE_ALT else 3) for w in widths])
            """,
        },
    )
    assert got == want == (8 * 3 + 3) + (64 * 3 + 3) + (32 * 3 + 3)  # base.a is rewritten too


def test_first_conv_patched_for_other_input_channels(tmp_path):
    # smp's patch_first_conv: ``module.in_channels = n`` then ``module.weight =
    # Parameter(torch.Tensor(module.out_channels, n // module.groups, *module.kernel_size))``
    # (a ConvNd's kernel_size reads back as a tuple, ``groups`` as its default 1)
    got, want = count_both(
        tmp_path,
        {
            "vis_patch.py": """
            import torch
            from torch import nn

            def patch_first_conv(model, new_in_channels, default_in_channels=3):
                for module in model.modules():
                    if isinstance(module, nn.Conv2d) and module.in_channels == default_in_channels:
                        break
                module.in_channels = new_in_channels
                module.weight = nn.parameter.Parameter(
                    torch.Tensor(module.out_channels, new_in_channels // module.groups, *module.kernel_size)
                )

            class Enc(nn.Module):
                def __init__(self, in_channels=3):
                    super().__init__()
                    self.conv1 = nn.Conv2d(3, 8, 3, bias=False)
                    self.conv2 = nn.Conv2d(8, 8, (1, 3))
                    if in_channels != 3:
                        patch_first_conv(self, in_channels)
                    self.head = nn.Linear(self.conv2.kernel_size[1] * 2, 2)

            model = Enc(in_channels=5)
            """,
        },
    )
    assert got == want == 8 * 5 * 9 + (8 * 8 * 3 + 8) + (6 * 2 + 2)


def test_feature_extractor_loop_ending_when_a_set_empties(tmp_path):
    # timm's FeatureDictNet: layers are taken until ``remaining.remove(name)`` empties the set
    # of return layers (``if not remaining: break``); a dropped ``remove`` once counted the
    # classifier after the last feature layer too (a confident wrong count)
    got, want = count_both(
        tmp_path,
        {
            "vis_feat.py": """
            from collections import OrderedDict
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stem = nn.Conv2d(3, 8, 3)
                    self.layer1 = nn.Conv2d(8, 16, 3)
                    self.layer2 = nn.Conv2d(16, 32, 3)
                    self.fc = nn.Linear(32, 1000)

            class Features(nn.ModuleDict):
                def __init__(self, model, names=("stem", "layer2")):
                    super().__init__()
                    remaining = set(names)
                    layers = OrderedDict()
                    for name, module in model.named_children():
                        layers[name] = module
                        if name in remaining:
                            remaining.remove(name)
                        if not remaining:
                            break
                    seen = {"a"}
                    seen.update(["b", "c"])
                    seen.discard("a")
                    if seen == {"b", "c"} and not seen.isdisjoint(["c"]):
                        self.update(layers)

            model = Features(Net())
            """,
        },
    )
    assert got == want == (3 * 8 * 9 + 8) + (8 * 16 * 9 + 16) + (16 * 32 * 9 + 32)
