"""The static core must not import torch or transformers."""

import subprocess
import sys

HEAVY = ("torch", "transformers")


def _loaded_after(stmt: str) -> set[str]:
    code = f"import sys; {stmt}; print(','.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.strip().split(","))


def test_core_imports_stay_light():
    mods = _loaded_after(
        "import driftcheck, driftcheck.graph, driftcheck.cli, driftcheck.parsers;"
        "from driftcheck.graph import catalogue; catalogue.layers(); catalogue.blocks()"
    )
    for heavy in HEAVY:
        assert heavy not in mods, f"{heavy} imported by the static core"


def test_graph_command_on_example_stays_light(tmp_path):
    code = (
        "import sys; from driftcheck.cli import main; "
        "rc = main(['graph', 'examples/tiny_mlp.graph.json', '--format', 'json']); "
        "import sys as s; print('HEAVY' if any(m in s.modules for m in ('torch','transformers')) else 'LIGHT', file=s.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().endswith("LIGHT"), out.stderr


def test_catalogue_index_in_sync():
    """The generated name -> module index equals what the full load gives (regenerate with
    ``python tools/gen_catalogue_index.py`` after adding or moving a catalogue entry)."""
    import json

    from driftcheck.graph import catalogue

    on_disk = json.loads(catalogue.INDEX_PATH.read_text(encoding="utf-8"))
    assert on_disk == catalogue.build_index(), (
        "driftcheck/data/catalogue_index.json is stale: run python tools/gen_catalogue_index.py"
    )


def test_catalogue_lookups_agree_with_full_load():
    """Every lookup through the index answers what the full load answers (same objects)."""
    code = (
        "from driftcheck.graph import catalogue as c; import sys; "
        "names = sorted(c._index()['layers']); blocks = sorted(c._index()['blocks']); "
        "aliases = sorted(c._index()['aliases']); torch = sorted(c._index()['torch']); "
        "lazy = ([c.get(n) for n in names], [c.get_block(n) for n in blocks], "
        "[c.lookup(a) for a in aliases], [c.by_torch(t) for t in torch], "
        "[c.get(x) for x in ('Module', 'nope')], c.lookup('NoSuchLayer')); "
        "full = ([c._layers()[n] for n in names], [c._blocks()[n] for n in blocks], "
        "[c._aliases()[a] for a in aliases], [c._layers()[c._torch_names()[t]] for t in torch], "
        "[None, None], None); "
        "print(all(x is y if not isinstance(x, list) else "
        "all(a is b or a == b for a, b in zip(x, y, strict=True)) for x, y in zip(lazy, full)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True", out.stderr


def test_graph_command_loads_only_the_families_it_uses():
    """``driftcheck graph`` on a Linear-only graph imports the Linear family, not all 18."""
    code = (
        "import sys; from driftcheck.cli import main\n"
        "try:\n    main(['graph', 'examples/tiny_mlp.graph.json', '--format', 'json'])\n"
        "except SystemExit:\n    pass\n"
        "fams = [m for m in sys.modules if m.startswith(('driftcheck.graph.catalogue.', "
        "'driftcheck.graph.blocks.'))]\n"
        "print(','.join(sorted(fams)), file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stderr.strip().splitlines()[-1].split(","))
    families = {m for m in loaded if m.rpartition(".")[2] not in ("spec", "_helpers")}
    assert families == {"driftcheck.graph.catalogue.core"}, loaded


def test_every_static_rule_module_imports_without_torch():
    """Every module of the static parser (forward rules included) imports, in a fresh
    interpreter, without error and without torch or transformers. The forward pass calls many
    rule modules inside ``try`` blocks (a rule that cannot read its arguments leaves a value
    unknown): a module that fails to import would silently turn every check into "no findings"
    (session 28, crashfix28b saw it while a module of theirs had an import error)."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import driftcheck.parsers.source as src\n"
        "bad = []\n"
        "for m in pkgutil.walk_packages(src.__path__, src.__name__ + '.'):\n"
        "    try:\n"
        "        importlib.import_module(m.name)\n"
        "    except Exception as e:\n"
        "        bad.append(f'{m.name}: {type(e).__name__}: {e}')\n"
        "heavy = [h for h in ('torch', 'transformers') if h in sys.modules]\n"
        "print(len(list(pkgutil.walk_packages(src.__path__, src.__name__ + '.'))))\n"
        "assert not bad and not heavy, (bad, heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-3000:]
    assert int(out.stdout.strip()) > 100, out.stdout  # the walk found the parser's modules
