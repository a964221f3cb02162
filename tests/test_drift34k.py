"""Session 34 (reimplfix34b): a sheet whose delimiter ``csv.Sniffer`` detects (fresh31's
``bigcode_csv_sniffer_sheet``). ``csv.Sniffer().sniff(sample, delimiters)`` and
``has_header(sample)`` of a known sample are CPython's own; the sniffed dialect is handed on
to ``csv.reader`` / ``csv.DictReader``. Every value is checked against CPython running the same
file; every count against torch building the model; unreadable samples stay unknown."""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.library.machine import Interp
from driftcheck.parsers.source.loader import Finder, parse_file
from driftcheck.parsers.source.values.abstract import Unknown, plain

torch = pytest.importorskip("torch")


def _static(tmp_path, code: str, names: tuple[str, ...]):
    f = tmp_path / "vals.py"
    f.write_text(textwrap.dedent(code))
    mod = parse_file(f, "vals")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    return [plain(interp.names.global_lookup(mod, n)) for n in names], runpy.run_path(str(f))


def test_sniffed_dialects_read_as_cpython(tmp_path):
    code = """
        import csv, io
        S = "name;d;l\\nbase;4096;32\\ntiny;64;2\\n"
        T = "a\\tb\\n1\\t2\\n"
        D = csv.Sniffer().sniff(S.splitlines()[0], delimiters=";,\\t")
        a = [dict(r) for r in csv.DictReader(io.StringIO(S), dialect=D)]
        b = list(csv.reader(S.splitlines(), D))
        c = list(csv.reader(io.StringIO(T), dialect=csv.Sniffer().sniff(T)))
        d = (D.delimiter, D.quotechar, D.doublequote, D.skipinitialspace, D.lineterminator)
        e = next(r for r in csv.DictReader(io.StringIO(S), dialect=D) if r["name"] == "tiny")
        f = csv.Sniffer().has_header(S)
        g = list(csv.DictReader(S.splitlines(), dialect=csv.Sniffer().sniff(S, ";")))
    """
    names = tuple("abcdefg")
    got, ran = _static(tmp_path, code, names)
    assert got == [ran[n] for n in names]


def test_unreadable_or_unsniffable_samples_are_unknown(tmp_path):
    code = """
        import csv, sys
        S = "name;d\\ntiny;64\\n"
        a = csv.Sniffer().sniff(sys.argv[0])
        b = list(csv.DictReader(S.splitlines(), dialect="excel"))
        c = csv.Sniffer().sniff(S, delimiters=sys.argv[0])
        d = list(csv.reader(S.splitlines(), csv.Sniffer().sniff(S), dialect="excel"))
    """
    f = tmp_path / "vals.py"
    f.write_text(textwrap.dedent(code))
    mod = parse_file(f, "vals")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    for n in "abcd":
        v = plain(interp.names.global_lookup(mod, n))
        assert isinstance(v, Unknown), (n, v)


def test_a_sample_cpython_cannot_sniff_is_unknown(tmp_path):
    import csv

    with pytest.raises(csv.Error):  # the real thing raises: the analysis must not answer
        csv.Sniffer().sniff("abc", delimiters=";")
    code = """
        import csv
        a = csv.Sniffer().sniff("abc", delimiters=";")
    """
    f = tmp_path / "vals.py"
    f.write_text(textwrap.dedent(code))
    mod = parse_file(f, "vals")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    assert isinstance(plain(interp.names.global_lookup(mod, "a")), Unknown)


MODEL = """
    import csv, io
    from typing import NamedTuple
    import torch.nn as nn
    SIZES = "name{sep}vocab{sep}d{sep}l{sep}f\\nbig{sep}50000{sep}4096{sep}32{sep}11008\\n"
    SIZES += "tiny{sep}90{sep}24{sep}3{sep}40\\n"
    DIALECT = csv.Sniffer().sniff(SIZES.splitlines()[0], delimiters=";,|")
    ROW = next(r for r in csv.DictReader(io.StringIO(SIZES), dialect=DIALECT) if r["name"] == "tiny")
    class HP(NamedTuple):
        vocab: int = 50000
        d: int = 4096
        l: int = 32
        f: int = 11008
    H = HP(**{{k: int(v) for k, v in ROW.items() if k != "name"}})
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.up = nn.Linear(H.d, H.f)
            self.down = nn.Linear(H.f, H.d)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(H.vocab, H.d)
            self.h = nn.ModuleList([Block() for _ in range(H.l)])
"""


@pytest.mark.parametrize("sep", [";", "|", ","])
def test_sniffed_sheet_model_count_matches_torch(sep, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(textwrap.dedent(MODEL.format(sep=sep)))
    ns = runpy.run_path(str(path))
    want = sum(p.numel() for p in ns["M"]().parameters())
    g = parse_source(path, entry="M")
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_a_named_dialect_leaves_the_model_unknown(tmp_path):
    """``dialect="excel"`` may name one ``csv.register_dialect`` replaced: not modelled."""
    code = textwrap.dedent(MODEL.format(sep=",")).replace("dialect=DIALECT", 'dialect="excel"')
    path = tmp_path / "m.py"
    path.write_text(code)
    assert parse_source(path, entry="M").params_total() is None
