"""Session 36 (wildfix36b): constructs of the blind wild batch fresh35 (dev part).

Each case is a small file in the idiom a library of the batch uses; every count is torch's
(``torch_count`` runs the file); a null count is an honest unknown, never a wrong one.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str, root: str = "model") -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root=root)


# --- methods and properties defined on an Enum class, read on a member ------------------------
# curated-transformers' ``Activation.GELU.module()``: a property of the enum class that returns a
# layer class by comparing ``self`` with the members. Python looks an attribute of a member up on
# its class (after ``name`` / ``value``); the analyzer knew only ``name`` and ``value`` (an
# unknown layer: every curated model unknown).

ENUM_HEAD = """
import enum
from enum import Enum
import torch.nn as nn


class Act(Enum):
    RELU = "relu"
    GELU = "gelu"
    SILU = "silu"

    @property
    def module(self):
        if self == Act.RELU:
            return nn.ReLU
        elif self == Act.GELU:
            return nn.GELU
        elif self == Act.SILU:
            return nn.SiLU
        else:
            raise NotImplementedError

    def width(self, d):
        return d * (2 if self is Act.GELU else 1)

    @classmethod
    def default(cls):
        return cls.SILU

    @staticmethod
    def bias():
        return False

    def layer(self, d):
        return nn.Sequential(nn.Linear(d, self.width(d), bias=self.bias()), self.module())


class Norm(str, Enum):
    LAYER = "layer"
    RMS = "rms"

    def make(self, d):
        if self.value == "layer":
            return nn.LayerNorm(d)
        return nn.GroupNorm(1, d)

    def upper(self):
        return "overridden"


class Size(enum.IntEnum):
    SMALL = 4
    LARGE = 16

    @property
    def hidden(self):
        return int(self) * 2


class FF(nn.Module):
    def __init__(self, act, d=8):
        super().__init__()
        self.fc = nn.Linear(d, 4 * d)
        self.act = act
        self.out = nn.Linear(4 * d, d)

    def forward(self, x):
        return self.out(self.act(self.fc(x)))
"""

ENUM_EXACT = {
    "property_returns_layer_class": "model = FF(Act.GELU.module())",
    "property_by_value": "model = FF(Act('silu').module())",
    "method_with_args": "model = Act.GELU.layer(6)",
    "method_other_member": "model = Act.RELU.layer(6)",
    "classmethod_on_member": "model = Act.GELU.default().layer(5)",
    "str_mixin_method": "model = nn.Sequential(Norm.LAYER.make(8), Norm('rms').make(8))",
    "str_mixin_own_method_wins": (
        "model = nn.Linear(3, 7 if Norm.RMS.upper() == 'overridden' else 2)"
    ),
    "int_mixin_property": "model = nn.Linear(Size.LARGE.hidden, Size.SMALL.hidden)",
    "member_in_loop": ("model = nn.ModuleList([a.layer(4) for a in Act])"),
    "config_field": (
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Cfg:\n"
        "    act: Act = Act.RELU\n"
        "    d: int = 12\n"
        "cfg = Cfg(act=Act('gelu'))\n"
        "model = FF(cfg.act.module(), cfg.d)"
    ),
}


@pytest.mark.parametrize("name", sorted(ENUM_EXACT))
def test_enum_member_methods_exact(tmp_path, name):
    got, want = _count(tmp_path, ENUM_HEAD + ENUM_EXACT[name])
    assert got == want, (got, want)


ENUM_NEVER_WRONG = {
    # the else branch raises: no layer, never a guess
    "property_unknown_member_value": (
        "import os\nmodel = FF(Act(os.environ.get('ACT', 'relu')).module())"
    ),
}


@pytest.mark.parametrize("name", sorted(ENUM_NEVER_WRONG))
def test_enum_member_methods_never_wrong(tmp_path, name):
    got, want = _count(tmp_path, ENUM_HEAD + ENUM_NEVER_WRONG[name])
    assert got is None or got == want, (got, want)


# --- urllib.parse of known strings (library/urlparts.py) ---------------------------------------
# timm-3d's ``create_model`` (as timm's) splits the model name with ``urlsplit`` to tell an
# ``hf-hub:`` name from a plain one, then looks the name up in its registry; the split was not
# followed (urllib.parse's own source, ``lru_cache``-wrapped) and the name was unknown.

URL_HEAD = """
import os
import torch.nn as nn
import urllib.parse
from urllib.parse import urlsplit, urlparse, urljoin, urldefrag, quote, unquote

REGISTRY = {"tiny": lambda: nn.Linear(4, 6), "small": lambda: nn.Linear(8, 16)}


def parse_model_name(name):
    if name.startswith("hf_hub"):
        name = name.replace("hf_hub", "hf-hub")
    parsed = urlsplit(name)
    assert parsed.scheme in ("", "timm", "hf-hub")
    if parsed.scheme == "hf-hub":
        return parsed.scheme, parsed.path
    return "timm", os.path.split(parsed.path)[-1]


def create(name):
    source, name = parse_model_name(name)
    return REGISTRY[name]()
"""

URL_EXACT = {
    "timm_style_registry": "model = create('small')",
    "timm_scheme": "model = create('timm:tiny')",
    "timm_path": "model = nn.Sequential(create('timm/small'), create('tiny'))",
    "fields_and_len": (
        "p = urlsplit('https://huggingface.co/a/b?x=1#frag')\n"
        "model = nn.Linear(len(p.netloc) + len(p), len(p.path) + len(p.query) + len(p.fragment))"
    ),
    "module_attribute_form": (
        "p = urllib.parse.urlparse('hf-hub:org/name;v=2')\n"
        "model = nn.Linear(len(p.scheme), len(p.path) + len(p.params) + len(p))"
    ),
    "no_fragments_keyword": (
        "p = urlsplit('a/b#cd', allow_fragments=False)\n"
        "model = nn.Linear(len(p.path), 1 + len(p.fragment))"
    ),
    "unpacked": (
        "scheme, netloc, path, query, frag = urlsplit('s3://bucket/k/e/y')\n"
        "model = nn.Linear(len(scheme) + len(netloc), len(path))"
    ),
    "join_quote_defrag": (
        "u = urljoin('http://a/b/c', 'd/e')\n"
        "q = quote('a b/c')\n"
        "d = urldefrag('x/y#z')\n"
        "model = nn.Linear(len(u) + len(unquote(q)), len(q) + len(d.url) + len(d))"
    ),
}


@pytest.mark.parametrize("name", sorted(URL_EXACT))
def test_urlparse_exact(tmp_path, name):
    got, want = _count(tmp_path, URL_HEAD + URL_EXACT[name])
    assert got == want, (got, want)


URL_NEVER_WRONG = {
    "unknown_text": "model = create(os.environ.get('MODEL', 'tiny'))",
    "bytes_url": "p = urlsplit(b'a/b')\nmodel = nn.Linear(len(p.path), 2)",
    "hostname_property": (
        "p = urlsplit('http://Host.Example:8080/x')\nmodel = nn.Linear(len(p.hostname), p.port % 97)"
    ),
}


@pytest.mark.parametrize("name", sorted(URL_NEVER_WRONG))
def test_urlparse_never_wrong(tmp_path, name):
    got, want = _count(tmp_path, URL_HEAD + URL_NEVER_WRONG[name])
    assert got is None or got == want, (got, want)


def test_urlparse_never_imports_at_static_time():
    """The model is Python's own ``urllib.parse`` (a standard module); the static path still
    imports neither torch nor transformers."""
    import subprocess
    import sys

    code = (
        "import sys; from driftcheck.parsers.source.library import urlparts\n"
        "assert 'torch' not in sys.modules and 'transformers' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


URL_MORE = {
    "query_string_sizes": (
        "from urllib.parse import parse_qs, parse_qsl, urlencode\n"
        "q = parse_qs('layers=3&width=16&width=24')\n"
        "pairs = dict(parse_qsl(urlencode({'a': 5, 'b': 'x y'})))\n"
        "model = nn.Sequential(*[nn.Linear(int(q['width'][0]), int(q['width'][1]))"
        " for _ in range(int(q['layers'][0]))], nn.Linear(int(pairs['a']), len(pairs['b'])))"
    ),
    "unsplit_round_trip": (
        "from urllib.parse import urlunsplit, quote_plus, unquote_plus\n"
        "u = urlunsplit(urlsplit('http://h/p?q=1'))\n"
        "model = nn.Linear(len(u), len(unquote_plus(quote_plus('a b&c'))))"
    ),
}


@pytest.mark.parametrize("name", sorted(URL_MORE))
def test_urlparse_more_exact(tmp_path, name):
    got, want = _count(tmp_path, URL_HEAD + URL_MORE[name])
    assert got == want, (got, want)
