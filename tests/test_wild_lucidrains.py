"""Constructs of the lucidrains family of libraries (x-transformers, perceiver, reformer, ...;
issue #16), each in a small model checked against real torch: the static ``params_total``
equals torch's count, or is honestly unknown where that is the point."""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")


def count_both(tmp_path, src: str) -> tuple[int | None, int]:
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(src))
    got = parse_source(f).params_total()
    model = runpy.run_path(str(f), run_name="__wild__")["model"]
    return got, sum(p.numel() for p in model.parameters())


def test_none_items_of_a_module_list_keep_their_slots(tmp_path):
    # perceiver's ``attn_residuals.append(X if attn_residual else None)``, x-transformers'
    # ``ModuleList([pre_norm, None, post_norm])``: torch keeps the slot (len, index, keys)
    got, want = count_both(
        tmp_path,
        """
        from torch import nn

        class M(nn.Module):
            def __init__(self, depth=3, dim=8, residual=False):
                super().__init__()
                self.res = nn.ModuleList([])
                for _ in range(depth):
                    self.res.append(nn.Linear(dim, 2) if residual else None)
                self.norms = nn.ModuleList([None, nn.LayerNorm(dim), None])
                self.norms.insert(0, None)
                n = len(self.norms) + len(self.res)           # 4 + 3
                self.last = nn.Linear(n, dim)
                if self.norms[2] is not None:
                    self.picked = nn.Linear(dim, dim)           # norms[2] is the LayerNorm
                if self.norms[1] is None:
                    self.again = nn.Linear(dim, 3)
                self.count = nn.Linear(sum(m is None for m in self.norms), 5)

        model = M()
        """,
    )
    assert got == want == 16 + 7 * 8 + 8 + 72 + 27 + 3 * 5 + 5


def test_none_item_keys_match_torch(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            from torch import nn

            class M(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norms = nn.ModuleList([None, nn.LayerNorm(4), None, nn.Linear(4, 4)])

            model = M()
            """
        )
    )
    g = parse_source(f)
    names = {n.name for n in g.nodes if n.type in ("LayerNorm", "Linear")}
    model = runpy.run_path(str(f), run_name="__wild__")["model"]
    assert names == {
        n for n, m in model.named_modules() if isinstance(m, (torch.nn.LayerNorm, torch.nn.Linear))
    }
    assert g.params_total() == sum(p.numel() for p in model.parameters())


def test_nonlocal_cache_shares_one_module(tmp_path):
    # perceiver-io's ``cache_fn``: ``nonlocal cache`` rebinds the enclosing call's name, so
    # every later call returns the first module (weight tying): counted once, as torch does
    src = """
        from functools import wraps
        from torch import nn

        def cache_fn(f):
            cache = None
            @wraps(f)
            def cached_fn(*args, _cache=True, **kwargs):
                if not _cache:
                    return f(*args, **kwargs)
                nonlocal cache
                if cache is not None:
                    return cache
                cache = f(*args, **kwargs)
                return cache
            return cached_fn

        def counter():
            n = 0
            def bump():
                nonlocal n
                n += 1
                return n
            return bump

        class M(nn.Module):
            def __init__(self, depth=3, dim=8, tie=TIE):
                super().__init__()
                get_block, get_res = map(cache_fn, (lambda: nn.Linear(dim, dim), lambda: None))
                self.layers = nn.ModuleList([])
                self.res = nn.ModuleList([])
                for i in range(depth):
                    self.layers.append(get_block(_cache=i > 0 and tie))
                    self.res.append(get_res(_cache=tie))
                bump = counter()
                bump()
                self.out = nn.Linear(dim, bump())   # 2

        model = M()
        """
    for tie, n_layers in (("True", 2), ("False", 3)):  # tied: layer 0, then one shared
        got, want = count_both(tmp_path, src.replace("TIE", tie))
        assert got == want == n_layers * 72 + 18


def test_one_module_appended_twice_counts_once(tmp_path):
    got, want = count_both(
        tmp_path,
        """
        from torch import nn

        class M(nn.Module):
            def __init__(self, dim=8):
                super().__init__()
                shared = nn.Linear(dim, dim)
                self.layers = nn.ModuleList([shared, shared, nn.Linear(dim, dim), shared])
                self.seq = nn.Sequential(*[shared] * 3)

        model = M()
        """,
    )
    assert got == want == 2 * 72
