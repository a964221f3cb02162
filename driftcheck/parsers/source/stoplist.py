"""What the interpreter never parses: framework modules and libraries it treats as names."""

from __future__ import annotations

# transformers modules we never parse: framework code whose classes hold no model layers
STOP_MODULES = (
    "transformers.modeling_utils",
    "transformers.configuration_utils",
    "transformers.utils",
    "transformers.integrations",
    "transformers.generation",
    "transformers.cache_utils",
    "transformers.masking_utils",
    "transformers.modeling_flash_attention_utils",
    "transformers.modeling_outputs",
    "transformers.modeling_attn_mask_utils",
    "transformers.processing_utils",
    "transformers.modeling_layers",
    "transformers.file_utils",
    "transformers.models.auto",
    "transformers.tokenization",
    "transformers.image_processing",
    "transformers.feature_extraction",
    "transformers.time_series_utils",
    "transformers.loss",
    "transformers.trainer",
    "transformers.modeling_gguf",
    "transformers.quantizers",
    "transformers.core_model_loading",
    "transformers.conversion_mapping",
    "transformers.monkey_patching",
    "transformers.initialization",
    # numerical linear algebra on arrays, modelled by shape (library/arrays.py: Glow's LU
    # weights), never read: its source is wrappers over compiled LAPACK calls
    "scipy.linalg",
    # window functions, modelled by length (library/arrays.py ``get_window``: nnAudio's
    # trainable Fourier kernels); the package's source is dispatch over compiled filters
    "scipy.signal",
    # root finding (library/scipyopt.py ``brentq``: tensorly's fractional Tucker ranks); the
    # package's source wraps compiled solvers
    "scipy.optimize",
    # omegaconf's configs, modelled as config values (library/omegaconflib.py: effdet's model
    # configs); its source routes every write through a node machinery not followed to the end
    "omegaconf",
    # hydra's ``instantiate`` / ``get_class``, modelled by their meaning (library/omegaconflib.py:
    # mbrl's activations from a config); its source walks omegaconf's node machinery
    "hydra.utils",
    # dacite's ``from_dict``, modelled by its meaning (library/dacitelib.py: xlstm's configs);
    # its source walks ``typing`` introspection and a type-keyed cache
    "dacite",
    # beartype's ``is_bearable``, modelled by its meaning (library/beartypelib.py:
    # transfusion-pytorch's shape hints); its source generates checking code from ``typing``
    "beartype.door",
    # unittest.mock: ``patch.dict`` modelled by its meaning (library/stdlib.py: a test suite's
    # sizes applied to a module-level table); its source sets ``patch.dict`` as an attribute of
    # the ``patch`` function, which is never followed (the manager was unknown, its body run on
    # the unpatched table: a confident wrong count)
    "unittest.mock",
)
EXT_TOPS = {
    "torch",
    "numpy",
    "math",
    "functools",
    "typing",
    "collections",
    "dataclasses",
    "itertools",
    "heapq",  # nlargest / nsmallest modelled (library/stdlib.py); its source is a heap in place
    "copy",
    "os",
    "sys",
    "warnings",
    "logging",
    "traceback",  # formatting an exception a handler caught: never a model (monai's optional_import)
    "linecache",
    "einops",
    "enum",
    "abc",
    "inspect",
    "re",
    "fnmatch",  # shell patterns matched by CPython's fnmatch (library/stdlib.py)
    "json",
    "ast",  # ast.literal_eval of a known text (library/wildlib.py)
    "argparse",  # a parser replayed on Python's own argparse (library/wildlib.py)
    "yaml",  # PyYAML: safe_load of a known text (library/wildlib.py)
    "tomllib",  # loads of a known text (library/wildlib.py)
    "huggingface_hub",
    "safetensors",
    "tokenizers",
    "packaging",
    "contextlib",
    "operator",
    "keyword",
    "numbers",
    "random",
    "pathlib",
    "typing_extensions",
    "__future__",
    "importlib",
    "builtins",
    "types",  # SimpleNamespace configs (library/stdlib.py)
    "configparser",  # INI texts parsed by CPython's configparser (library/inifiles.py)
    "attrs",  # attrs classes: fields like a dataclass's (objmodel.is_dataclass)
    "attr",
    "pydantic",  # BaseModel configs: keyword fields over defaults (machine.Library.ext_init)
    # settings kept as text, decoded by CPython's own modules (library/configtexts.py)
    "shlex",
    "csv",
    "io",
    "xml",
    "string",
    "fractions",
    "decimal",  # Decimal ratios under the default context (library/configtexts.py)
    "tokenize",  # generate_tokens of known lines, CPython's tokenizer (library/configtexts.py)
    "contextvars",  # sizes in a ContextVar (library/ctxvars.py)
    "asyncio",  # run / gather / sleep of the code's coroutines (library/asynciolib.py)
    "tempfile",  # TemporaryDirectory's scratch files, in memory (library/scratchfs.py)
    "struct",  # sizes packed in a binary header (library/configtexts.py)
    "array",  # typed arrays of sizes (library/pyprotocols.py)
    "datetime",  # dates of known values, compared (library/configtexts.py); never the clock
    "pickle",  # dumps / loads round trips as snapshot and copy (library/stdlib.py)
    "copyreg",  # reducers registered for copy / pickle (library/stdlib.py, interp/reducecopy.py)
    # pure decoders of constant data, evaluated by CPython itself (library/purecalls.py)
    "base64",
    "binascii",
    "plistlib",
    "unicodedata",
    "codecs",
    "difflib",
    "getopt",  # a command line kept as a list (library/purecalls.py)
    "quopri",
    "marshal",  # dumps / loads round trips (library/purecalls.py)
    # compressed round trips (library/purecalls.py: compress remembers, decompress gives back)
    "zlib",
    "cmath",  # complex functions of known numbers (library/purecalls.py)
    "statistics",  # median / pstdev... of known numbers (library/purecalls.py)
    "gzip",
    "lzma",
    "bz2",
    "hashlib",  # digests of known bytes (library/purecalls.py)
    # weak references (library/stdlib.py: ``ref``, ``WeakKeyDictionary`` under classes); its
    # source's mappings key a fresh ``ref`` per write, which no later read finds
    "weakref",
    "sqlite3",  # in-memory databases replayed on CPython's sqlite3 (library/sqlitedb.py)
    "threading",  # Thread(target=...).start() and local() namespaces (library/threads.py)
}
# modules named exactly (not their submodules) that are names too: ``html``'s escape /
# unescape (library/purecalls.py); ``html.parser``'s ``HTMLParser`` fed known text
# (library/htmlparse.py); ``http.cookies``' cookie jars loaded from known headers
# (library/configtexts.py); ``urllib.parse``'s split / join of known URL texts
# (library/urlparts.py: timm-3d's ``create_model`` splits the model name; its source's
# ``lru_cache``-wrapped splitting was not followed to the end: the name was unknown)
PURE_STOPS = {"html", "html.parser", "http.cookies", "urllib.parse"}
# framework bases whose instances are nn.Modules
MODULE_BASES = {
    "torch.nn.Module",
    "torch.nn.modules.module.Module",
    "transformers.modeling_utils.PreTrainedModel",
    "transformers.PreTrainedModel",
    "transformers.modeling_layers.GradientCheckpointingLayer",
    "transformers.modeling_utils.ModuleUtilsMixin",
    # PreTrainedModel subclasses defined in modeling_utils (the audio codecs derive from it)
    "transformers.modeling_utils.PreTrainedAudioTokenizerBase",
    "transformers.PreTrainedAudioTokenizerBase",
}
# the short names of those PreTrainedModel subclasses: their __init__ stores the config
PRETRAINED_BASES = {"PreTrainedModel", "PreTrainedAudioTokenizerBase"}


def is_stop(modname: str) -> bool:
    top = modname.split(".")[0]
    if top in EXT_TOPS or modname in PURE_STOPS:
        return True
    return any(modname == s or modname.startswith(s + ".") for s in STOP_MODULES)
