"""The eleventh fresh held-out set of re-implementations (written blind in session 18): hand-written
cases whose sizes are held in ways no earlier set uses, over half of them architectures no earlier
set has. It was NOT run through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file; its config is written by transformers' config class
(``save_pretrained``, nothing downloaded). Planted variants change one value: in the code (one
line replaced, recorded here with both values) or in the config (one kwarg). ``--check`` is the
torch proof, shared with every set (``benchmarks/reimpl/set_checks.py``). The table is kept short
by family helpers (``clip_text`` / ``clip_vision`` / ``enc`` / ``dec`` give a family's small
config; a case lists only what differs) and by ``sub`` (a code plant whose two lines differ only
in the value).

    python benchmarks/reimpl/fresh11/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh11 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402

_rope = set_checks.rope


def clip_text(**kw) -> dict:
    """A small CLIP-layout text tower config (16 positions); ``kw`` overrides."""
    base = dict(
        vocab_size=320,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        max_position_embeddings=16,
        layer_norm_eps=1e-5,
        pad_token_id=0,
        bos_token_id=1,
        eos_token_id=2,
    )
    return {**base, **kw}


def clip_vision(**kw) -> dict:
    """A small ViT-family vision tower config (32 px images, 8 px patches); ``kw`` overrides.
    BLIP's configs get ``initializer_range=0.02``: their default 1e-10 makes random weights whose
    attention is uniform, so an output check could not tell the head count apart."""
    base = dict(
        image_size=32,
        patch_size=8,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        layer_norm_eps=1e-5,
    )
    return {**base, **kw}


def enc(**kw) -> dict:
    """A small BERT-family encoder config; ``kw`` overrides."""
    base = dict(
        vocab_size=320,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=32,
        pad_token_id=0,
        layer_norm_eps=1e-12,
    )
    return {**base, **kw}


def dec(theta: float = 10000.0, **kw) -> dict:
    """A small decoder config (Llama family names); ``kw`` overrides."""
    base = dict(
        vocab_size=512,
        hidden_size=64,
        intermediate_size=176,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=256,
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        rope_parameters=_rope(theta),
        **set_checks.TOKENS,
    )
    return {**base, **kw}


def sub(fact: str, line: str, left, right, shown: tuple | None = None) -> tuple:
    """A code plant replacing ``line`` formatted with the config's value by the same line with
    the code's value; ``shown`` = (config's, code's) as recorded, where the line holds another
    value the fact derives from."""
    old, new = line.format(left), line.format(right)
    return (fact, old, new, *(shown or (left, right)))


def sizes_line(fact: str, template: str, values: tuple, at: int, right, shown=None) -> tuple:
    """A code plant of one entry (``at``) of a line listing several sizes (``template`` with one
    ``{}`` per value): the rest of the line keeps the config's values."""
    cells = list(values)
    old = template.format(*cells)
    cells[at] = right
    return (fact, old, template.format(*cells), *(shown or (values[at], right)))


_OWL = '    "tiny": {{"vocab": {}, "width": {}, "depth": {}, "heads": {}, "mlp": {}, "ctx": {}}},'
_OWL_V = (320, 64, 2, 4, 128, 16)
_ZIP = "VALUES = ({}, {}, {}, {}, {})  # the heads are left to the fill value"
_NP = "DIMS = np.array([{}, {}, {}, {}, {}, {}])"
_FLAT = 'FLAT = ["image", {}, "patch", {}, "width", {}, "heads", {}, "mlp", {}, "depth", {}]'
_VIS_V = (32, 8, 64, 4, 128, 2)
_SPAN = "IMAGE, PATCH, F_DIM, L = {}, {}, {}, {}"
_LADDER = "IMAGE, PATCH, H, F_DIM, L = {}, {}, {}, {} * D, {}"
_DD = "SIZES = defaultdict(lambda: 64, image={}, patch={}, heads={}, mlp={}, depth={})"
_ROW = 'ROW = "{},{},{},{},{},{}"  # image,patch,width,heads,mlp,depth: one row of our sweep sheet'
_TINY = '    ("tiny", {}, {}, {}, {}, {}, {}),'
_ARRAY = 'SIZES = array("H", [{}, {}, {}, {}, {}, {}])'
_BERT = "SIZES = ({}, {}, {}, {}, {}, {}, {})"
_BACK = "BACKWARDS = ({}, {}, {}, {}, {}, {})"
_CARD = 'CARD = {{"text": {{"vocab": {}, "width": {}, "depth": {}, "context": {}}}}}'
_KW = "def build_sizes(*, vocab={}, width={}, heads={}, kv={}, ffn={}, layers={}, window={}):"
_KW_V = (512, 64, 4, 1, 192, 2, 32)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value) (``sub``)
# a config plant: (fact, key, new value, code's value[, config's value as recorded])
CASES: dict[str, tuple] = {
    "owlvit_text_min_preset": (
        "owlvit_text_model",
        "OwlViTTextConfig",
        clip_text(),
        "OwlViTTextModel",
        [
            sizes_line("numLayers", _OWL, _OWL_V, 2, 3),
            sizes_line("intermediateSize", _OWL, _OWL_V, 4, 192),
            sizes_line("vocabSize", _OWL, _OWL_V, 0, 384),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "groupvit_text_zip_longest_fill": (
        "groupvit_text_model",
        "GroupViTTextConfig",
        clip_text(),
        "GroupViTTextModel",
        [
            sizes_line("numLayers", _ZIP, (320, 64, 2, 128, 16), 2, 3),
            sizes_line("maxPositionEmbeddings", _ZIP, (320, 64, 2, 128, 16), 4, 24),
            sub("numHeads", "fillvalue={})", 4, 8),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "xclip_text_iter_protocol": (
        "xclip_text_model",
        "XCLIPTextConfig",
        clip_text(),
        "XCLIPTextModel",
        [
            sub("numLayers", "        yield {}  # depth", 2, 3),
            sub("vocabSize", "        yield {}  # vocab", 320, 256),
            sub("intermediateSize", "        yield {}  # mlp", 128, 256),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 32, 16)],
    ),
    "siglip2_text_numpy_sizes": (
        "siglip2_text_model",
        "Siglip2TextConfig",
        clip_text(layer_norm_eps=1e-6),
        "Siglip2TextModel",
        [
            sizes_line("numLayers", _NP, _OWL_V, 2, 3),
            sizes_line("intermediateSize", _NP, _OWL_V, 4, 256),
            sizes_line("maxPositionEmbeddings", _NP, _OWL_V, 5, 32),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "owlv2_vision_isqrt_grid": (
        "owlv2_vision_model",
        "Owlv2VisionConfig",
        clip_vision(),
        "Owlv2VisionModel",
        [
            sub("imageSize", "NUM_PATCHES = {}", 16, 64, (32, 64)),
            sub("numLayers", "D, H, F_DIM, L = 64, 4, 128, {}", 2, 3),
            sub("intermediateSize", "D, H, F_DIM, L = 64, 4, {}, 2", 128, 96),
        ],
        [("patchSize", "patch_size", 16, 8)],
    ),
    "clipseg_vision_pow_two": (
        "clipseg_vision_model",
        "CLIPSegVisionConfig",
        clip_vision(),
        "CLIPSegVisionModel",
        [
            sub(
                "intermediateSize",
                'LOG2 = {{"width": 6, "mlp": {}, "image": 5, "patch": 3}}',
                7,
                8,
                (128, 256),
            ),
            sub("numHeads", "H = 1 << (D.bit_length() - {})", 5, 4, (4, 8)),
            sub("numLayers", "L = {}\n", 2, 3),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "chinese_clip_vision_grouper_pairs": (
        "chinese_clip_vision_model",
        "ChineseCLIPVisionConfig",
        clip_vision(),
        "ChineseCLIPVisionModel",
        [
            sizes_line("numLayers", _FLAT, _VIS_V, 5, 3),
            sizes_line("intermediateSize", _FLAT, _VIS_V, 4, 192),
            sizes_line("patchSize", _FLAT, _VIS_V, 1, 16),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "metaclip2_vision_ternary_sizes": (
        "metaclip_2_vision_model",
        "MetaClip2VisionConfig",
        clip_vision(),
        "MetaClip2VisionModel",
        [
            sub("numLayers", "L = {} if SMALL else 24", 2, 3),
            sub("intermediateSize", "F_DIM = {} if SMALL else 4096", 128, 160),
            sub("patchSize", "PATCH = {} if SMALL else 14", 8, 4),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "altclip_vision_bisect_ladder": (
        "altclip_vision_model",
        "AltCLIPVisionConfig",
        clip_vision(),
        "AltCLIPVisionModel",
        [
            sizes_line("intermediateSize", _LADDER, (32, 8, 4, 2, 2), 3, 3, (128, 192)),
            sizes_line("patchSize", _LADDER, (32, 8, 4, 2, 2), 1, 16),
            sizes_line("numLayers", _LADDER, (32, 8, 4, 2, 2), 4, 3),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "owlvit_vision_defaultdict_width": (
        "owlvit_vision_model",
        "OwlViTVisionConfig",
        clip_vision(),
        "OwlViTVisionModel",
        [
            sizes_line("numLayers", _DD, (32, 8, 4, 128, 2), 4, 3),
            sizes_line("intermediateSize", _DD, (32, 8, 4, 128, 2), 3, 192),
            sizes_line("imageSize", _DD, (32, 8, 4, 128, 2), 0, 64),
        ],
        [("patchSize", "patch_size", 16, 8)],
    ),
    "blip_vision_accumulate_offsets": (
        "blip_vision_model",
        "BlipVisionConfig",
        clip_vision(initializer_range=0.02),
        "BlipVisionModel",
        [
            sub("numLayers", "IMAGE, PATCH, F_DIM, L, EPS = 32, 8, 128, {}, 1e-5", 2, 3),
            sub("intermediateSize", "IMAGE, PATCH, F_DIM, L, EPS = 32, 8, {}, 2, 1e-5", 128, 256),
            sub("numHeads", "H = D // {}", 16, 8, (4, 8)),
        ],
        [("patchSize", "patch_size", 16, 8)],
    ),
    "blip2_vision_range_span": (
        "blip_2_vision_model",
        "Blip2VisionConfig",
        clip_vision(initializer_range=0.02),
        "Blip2VisionModel",
        [
            sizes_line("numLayers", _SPAN, (32, 8, 128, 2), 3, 3),
            sizes_line("intermediateSize", _SPAN, (32, 8, 128, 2), 2, 192),
            sizes_line("patchSize", _SPAN, (32, 8, 128, 2), 1, 16),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "instructblip_vision_for_else": (
        "instructblip_vision_model",
        "InstructBlipVisionConfig",
        clip_vision(initializer_range=0.02),
        "InstructBlipVisionModel",
        [
            sizes_line("numLayers", _TINY, _VIS_V, 5, 3),
            sizes_line("intermediateSize", _TINY, _VIS_V, 4, 256),
            sizes_line("patchSize", _TINY, _VIS_V, 1, 4),
        ],
        [("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "align_text_decimal_sizes": (
        "align_text_model",
        "AlignTextConfig",
        enc(),
        "AlignTextModel",
        [
            sub("intermediateSize", 'F_DIM = int(WIDTH * Decimal("{}"))', 2, 3, (128, 192)),
            sub("numHeads", 'H = int(WIDTH / Decimal("{}"))', 16, 8, (4, 8)),
            sub("numLayers", "V, P, TYPES, PAD, L = 320, 32, 2, 0, {}", 2, 3),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "clap_text_array_sizes": (
        "clap_text_model",
        "ClapTextConfig",
        enc(type_vocab_size=1, pad_token_id=1),
        "ClapTextModel",
        [
            sizes_line("vocabSize", _ARRAY, (320, 64, 2, 4, 128, 32), 0, 448),
            sizes_line("numLayers", _ARRAY, (320, 64, 2, 4, 128, 32), 2, 3),
            sizes_line("intermediateSize", _ARRAY, (320, 64, 2, 4, 128, 32), 4, 256),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 40, 32)],
    ),
    "aimv2_vision_csv_row_map_int": (
        "aimv2_vision_model",
        "Aimv2VisionConfig",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            rms_norm_eps=1e-5,
        ),
        "Aimv2VisionModel",
        [
            sizes_line("numLayers", _ROW, _VIS_V, 5, 3),
            sizes_line("intermediateSize", _ROW, _VIS_V, 4, 192),
            sizes_line("patchSize", _ROW, _VIS_V, 1, 4),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "qwen3_vl_text_walrus": (
        "qwen3_vl_text",
        "Qwen3VLTextConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            rms_norm_eps=1e-6,
            # the default sections fit head_dim 128; with text-only positions any split is 1D RoPE
            rope_parameters=_rope(500000.0, mrope_section=[4, 6, 6]),
            **set_checks.TOKENS,
        ),
        "Qwen3VLTextModel",
        [
            sub("numKvHeads", "    kv=(KV := {}),", 2, 1),
            sub("headDim", "    head_dim=(HD := {}),", 32, 16),
            sub("numLayers", "    layers=(L := {}),", 2, 3),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "qwen2_vl_text_partition": (
        "qwen2_vl_text",
        "Qwen2VLTextConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            rms_norm_eps=1e-6,
            rope_parameters=_rope(1e6, mrope_section=[2, 3, 3]),
            **set_checks.TOKENS,
        ),
        "Qwen2VLTextModel",
        [
            sub("numKvHeads", 'STACK = "{}x2"', 2, 1),
            sub("numLayers", 'STACK = "2x{}"', 2, 3),
            sub("intermediateSize", "V, F_DIM = 512, {}", 176, 224),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "llama_string_times_depth": (
        "llama",
        "LlamaConfig",
        dec(50000.0),
        "LlamaForCausalLM",
        [
            sub("numLayers", 'PLAN = "attn+mlp " * {}', 2, 3),
            sub("numKvHeads", "V, D, H, KV, F_DIM = 512, 64, 4, {}, 176", 2, 1),
            sub("ropeTheta", "THETA, EPS = {}, 1e-5", 50000.0, 10000.0),
        ],
        [("intermediateSize", "intermediate_size", 192, 176)],
    ),
    "mistral_kwdefaults": (
        "mistral",
        "MistralConfig",
        dec(1e6, intermediate_size=192, num_key_value_heads=1, sliding_window=32),
        "MistralForCausalLM",
        [
            sizes_line("numKvHeads", _KW, _KW_V, 3, 2),
            sizes_line("intermediateSize", _KW, _KW_V, 4, 256),
            sizes_line("slidingWindow", _KW, _KW_V, 6, 64),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen2_min_clamped_request": (
        "qwen2",
        "Qwen2Config",
        dec(1e6, vocab_size=640, intermediate_size=224, rms_norm_eps=1e-6),
        "Qwen2ForCausalLM",
        [
            sub("numLayers", 'REQUESTED = {{"layers": {}, "heads": 4, "kv": 2}}', 2, 3),
            sub("numKvHeads", 'DEVICE_MAX = {{"layers": 32, "heads": 28, "kv": {}}}', 4, 1, (2, 1)),
            sub("intermediateSize", "V, D, F_DIM = 640, 64, {}", 224, 256),
        ],
        [("vocabSize", "vocab_size", 512, 640)],
    ),
    "qwen3_round_ratios": (
        "qwen3",
        "Qwen3Config",
        dec(1e6, intermediate_size=160, head_dim=32, rms_norm_eps=1e-6, tie_word_embeddings=True),
        "Qwen3ForCausalLM",
        [
            sub("numLayers", "V, D, L, H, KV = 512, 64, {}, 4, 2", 2, 3),
            sub("numKvHeads", "V, D, L, H, KV = 512, 64, 2, 4, {}", 2, 1),
            sub("headDim", "HD = round(D / H * {})", 2, 1, (32, 16)),
        ],
        [("intermediateSize", "intermediate_size", 192, 160)],
    ),
    "gemma_import_fallback": (
        "gemma",
        "GemmaConfig",
        dec(
            vocab_size=384,
            intermediate_size=256,
            num_key_value_heads=1,
            head_dim=16,
            rms_norm_eps=1e-6,
            hidden_activation="gelu_pytorch_tanh",
            tie_word_embeddings=True,
        ),
        "GemmaForCausalLM",
        [
            sub("numHeads", '        "heads": {},', 4, 8),
            sub("numLayers", '        "layers": {},', 2, 3),
            sub("intermediateSize", '        "ffn": {},', 256, 320),
        ],
        [("vocabSize", "vocab_size", 512, 384)],
    ),
    "phi3_scientific_floats": (
        "phi3",
        "Phi3Config",
        dec(intermediate_size=192, num_key_value_heads=4),
        "Phi3ForCausalLM",
        [
            sub("intermediateSize", "F_DIM = int({})", "1.92e2", "2.56e2", (192, 256)),
            sub("vocabSize", "V = int({})", "5.12e2", "4.48e2", (512, 448)),
            sub("numLayers", "L, H, KV = int({}), int(4e0), int(4e0)", "2e0", "3e0", (2, 3)),
        ],
        [("numKvHeads", "num_key_value_heads", 2, 4)],
    ),
    "bert_range_index_names": (
        "bert",
        "BertConfig",
        enc(max_position_embeddings=64),
        "BertModel",
        [
            sizes_line("numLayers", _BERT, (320, 64, 2, 4, 128, 64, 2), 2, 3),
            sizes_line("intermediateSize", _BERT, (320, 64, 2, 4, 128, 64, 2), 4, 192),
            sizes_line("maxPositionEmbeddings", _BERT, (320, 64, 2, 4, 128, 64, 2), 5, 128),
        ],
        [("typeVocabSize", "type_vocab_size", 3, 2)],
    ),
    "roberta_literal_type_args": (
        "roberta",
        "RobertaConfig",
        enc(max_position_embeddings=66, type_vocab_size=1, pad_token_id=1, layer_norm_eps=1e-5),
        "RobertaModel",
        [
            sub("vocabSize", "Vocab = Literal[{}]", 320, 384),
            sub("numLayers", "Depth = Literal[{}]", 2, 3),
            sub("intermediateSize", "Ffn = Literal[{}]", 128, 192),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "clipseg_text_nested_get": (
        "clipseg_text_model",
        "CLIPSegTextConfig",
        clip_text(),
        "CLIPSegTextModel",
        [
            sizes_line("numLayers", _CARD, (320, 64, 2, 16), 2, 3),
            sub("numHeads", 'H = TEXT.get("heads", {})', 4, 8),
            sub("intermediateSize", 'F_DIM = TEXT.get("mlp", 4 * D // {})', 2, 1, (128, 256)),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "owlv2_text_reversed_tuple": (
        "owlv2_text_model",
        "Owlv2TextConfig",
        clip_text(),
        "Owlv2TextModel",
        [
            sizes_line("numLayers", _BACK, (16, 128, 4, 2, 64, 320), 3, 3),
            sizes_line("vocabSize", _BACK, (16, 128, 4, 2, 64, 320), 5, 256),
            sizes_line("intermediateSize", _BACK, (16, 128, 4, 2, 64, 320), 1, 192),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 32, 16)],
    ),
    "llama_chained_aliases": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=640, intermediate_size=192, num_hidden_layers=3, tie_word_embeddings=True),
        "LlamaForCausalLM",
        [
            sub("numKvHeads", "KV_HEADS = KV = {}", 2, 4),
            sub("numLayers", "LAYERS = L = {}", 3, 2),
            sub("vocabSize", "VOCAB = V = {}", 640, 512),
        ],
        [("tieWordEmbeddings", "tie_word_embeddings", False, True)],
    ),
    "mistral_override_pairs": (
        "mistral",
        "MistralConfig",
        dec(1e6, intermediate_size=224, sliding_window=16),
        "MistralForCausalLM",
        [
            sub("intermediateSize", '    ("ffn", {}),', 224, 256),
            sub("numLayers", '    ("layers", {}),', 2, 3),
            sub("numKvHeads", '    ("kv", {}),', 2, 1),
        ],
        [("slidingWindow", "sliding_window", 32, 16)],
    ),
}

_DEC = [(r"^lm_head\.", "lm_head."), (r"^", "model.")]
_BL = r"^blocks\.(\d+)\."
_HBL = r"encoder.layer.\1."

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
SAME_OUTPUT: dict[str, list[tuple]] = {
    "owlvit_text_min_preset": [(r"^", "text_model.")],
    "groupvit_text_zip_longest_fill": [(r"^", "text_model.")],
    "clipseg_text_nested_get": [(r"^", "")],
    "clipseg_vision_pow_two": [(r"^", "")],
    "blip_vision_accumulate_offsets": [(r"^", "")],
    "llama_string_times_depth": _DEC,
    "mistral_kwdefaults": _DEC,
    # BERT's sub-layers renamed: the embeddings at the top, ``blocks.<i>`` flat
    "align_text_decimal_sizes": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embeddings_norm\.", "embeddings.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        (_BL + r"attention\.(query|key|value)\.", _HBL + r"attention.self.\2."),
        (_BL + r"attention_out\.", _HBL + "attention.output.dense."),
        (_BL + r"attention_norm\.", _HBL + "attention.output.LayerNorm."),
        (_BL + r"intermediate\.", _HBL + "intermediate.dense."),
        (_BL + r"output\.", _HBL + "output.dense."),
        (_BL + r"output_norm\.", _HBL + "output.LayerNorm."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "owlvit_text_min_preset": ("ids", ["last_hidden_state"]),
    "groupvit_text_zip_longest_fill": ("ids", ["last_hidden_state"]),
    "clipseg_text_nested_get": ("ids", ["last_hidden_state"]),
    "clipseg_vision_pow_two": ("pixels", ["last_hidden_state", "pooler_output"]),
    "blip_vision_accumulate_offsets": ("pixels", ["last_hidden_state"]),
    "align_text_decimal_sizes": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
}

# same_output, build_config, write, check, check_keeping_plants, main: shared with every set
_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output, build_config, write = _MAKE.same_output, _MAKE.build_config, _MAKE.write
check, check_keeping_plants, main = _MAKE.check, _MAKE.check_keeping_plants, _MAKE.main

if __name__ == "__main__":
    raise SystemExit(main())
