"""The re-implementation sets written blind from session 11 on (benchmarks/reimpl/fresh5 ..
fresh17) are what they claim, in torch only (driftcheck is not run on them here: each set was
written blind and is run by bench_reimpl.py). For every set the bookkeeping is checked on every
case: the shipped configs are what transformers' config classes write, each code plant is its
base file with one recorded line replaced, each config plant changes one key, model files import
neither transformers nor driftcheck, and >= 10 architectures are in no earlier set. The torch
proof (same parameter count as the HF model; same outputs for the same weights) is rebuilt for a
sample of cases per set, one per family, to stay quick; a set's whole proof is
``python benchmarks/reimpl/freshN/make.py --check``. A new set adds one ``Spec`` here."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402


@dataclass(frozen=True)
class Spec:
    sample: list[str]  # clean cases whose HF parameter count is rebuilt in torch
    outputs: list[str]  # cases whose outputs are compared with the HF model's, same weights
    keeping: tuple[str, str]  # (case, code plant) that keeps every shape: the output check can fail
    needs: dict[str, str] = field(default_factory=dict)  # case -> third-party package it imports
    min_cases: int = 30  # smaller only where the set's README says why
    min_archs: int = 20  # likewise
    min_plants: int = 100  # likewise
    io_cases: bool = True  # the set has SAME_OUTPUT_IO (cases whose outputs are checked by I/O)
    min_new: int = 10  # architectures in no earlier set; fewer only where the set's README says why


SPECS: dict[str, Spec] = {
    # one case per family; together they cover MLA, stacked and listed experts, disentangled
    # attention, per-layer relative bias, registers + LayerScale, and a conv feature encoder
    "fresh5": Spec(
        sample=[
            "exaone4_mixins",
            "deepseekv2_replace_preset",
            "dbrx_csv_table",
            "debertav2_from_dict",
            "umt5_starmap_blocks",
            "dinov2_registers_reduce",
            "data2vec_audio_post_init",
        ],
        outputs=["exaone4_mixins", "debertav2_from_dict", "umt5_starmap_blocks"],
        keeping=("exaone4_mixins", "exaone4_mixins__slidingWindow"),
        io_cases=False,
    ),
    # one case per family; together they cover a position-scaled query, linked-list layers with
    # stacked experts, alternating local/global encoder attention, T5 relative buckets, a
    # distillation token, a weight-normed positional conv, one flat parameter per layer, and one
    # layer shared by every depth step
    "fresh6": Spec(
        sample=[
            "ministral3_configparser",
            "flex_olmo_linked_blocks",
            "modernbert_cycle_pattern",
            "mt5_descriptors",
            "deit_field_metadata",
            "unispeech_pydantic",
            "gpt_oss_flat_slab",
            "albert_shared_list",
        ],
        outputs=["ministral3_configparser", "modernbert_cycle_pattern", "mt5_descriptors"],
        keeping=("ministral3_configparser", "ministral3_configparser__slidingWindow"),
        needs={"unispeech_pydantic": "pydantic"},
    ),
    # one case per family: Llama's multiple_of-rounded FFN, multi-head latent attention with
    # group-limited experts, a Mamba-2 SSD mixer, LFM2's conv/attention hybrid, a pre-norm RoBERTa,
    # BlenderBot's two stacks, PoolFormer's stages, Speech2Text's conv subsampler
    "fresh7": Spec(
        sample=[
            "llama_multiple_of",
            "deepseek_v3_world_size",
            "mamba2_dotted_paths",
            "lfm2_attention_index_set",
            "roberta_prelayernorm_mmcv_registry",
            "blenderbot_split_stacks",
            "poolformer_timm_entrypoint",
            "speech_to_text_component_triples",
        ],
        outputs=["llama_multiple_of", "gemma2_named_presets", "blenderbot_split_stacks"],
        keeping=("mistral_fluent_builder", "mistral_fluent_builder__slidingWindow"),
    ),
    # one case per family: CWM's local/global layers, Mellum's routed experts, MiniCPM3's latent
    # attention, Granite-SWA's attention sinks, X-MOD's language adapters, TimeSformer's divided
    # space-time attention, GPT-NeoX-Japanese's last-layer-only bias
    "fresh8": Spec(
        sample=[
            "cwm_namedtuple",
            "mellum_moduledict_index",
            "minicpm3_preset_overrides",
            "granite_swa_tied_property",
            "xmod_partial_factories",
            "timesformer_attention_mixins",
            "gpt_neox_japanese_mappingproxy",
        ],
        outputs=["llama_partial_linear", "qwen3_classmethod_preset"],
        keeping=("llama_partial_linear", "llama_partial_linear__ropeTheta"),
        min_cases=28,
    ),
    # one case per family: InternLM3's biases on every projection, Cohere 2 MoE's parallel block
    # over per-expert modules, Granite MoE SWA's stacked experts and sinks, Laguna's per-head output
    # gate, DINOv3's registers and LayerScale as raw parameters, DeBERTa's fused in_proj with
    # q/v biases, Nystromformer's per-head value convolution
    "fresh9": Spec(
        sample=[
            "internlm3_hparams_locals",
            "cohere2_moe_nested_modulelists",
            "granitemoe_swa_register_module",
            "laguna_per_layer_list",
            "dinov3_vit_raw_parameters",
            "deberta_contextvar",
            "nystromformer_annotated_sizes",
        ],
        outputs=["internlm3_json_string", "llama_itemgetter_sizes"],
        keeping=("internlm3_json_string", "internlm3_json_string__ropeTheta"),
    ),
    # one case per family: XLNet's [d, n, d_head] einsum tensors with relative-position biases,
    # Longformer's second (global) q/k/v set, TAPAS's seven type embeddings, ImageGPT's bias-free
    # LayerNorms and palette head, Pixtral's parameter tree, SigLIP 2's linear patch embedding and
    # attention-pooling head, Llama weights stacked on a layer axis; outputs: a fused k/v matrix,
    # nn.TransformerEncoder's fused in_proj, a ViT, ImageGPT's uncentred norms
    "fresh10": Spec(
        sample=[
            "xlnet_einsum_head_tensors",
            "longformer_global_loop_names",
            "tapas_transposed_table",
            "imagegpt_palette_sizes",
            "pixtral_vision_param_tree",
            "siglip2_math_prod_patches",
            "llama_scan_stacked_layers",
        ],
        outputs=[
            "llama_fused_kv_cache_layout",
            "dpr_nn_transformer_encoder",
            "vit_getitem_config",
            "imagegpt_palette_sizes",
        ],
        keeping=("llama_fused_kv_cache_layout", "llama_fused_kv_cache_layout__ropeTheta"),
    ),
    # one case per family: a CLIP-layout text tower with a head over the last token, a CLIP
    # vision tower, BLIP's fused qkv and learned position tensor, a RoBERTa-layout tower with one
    # token type, AIMv2's SwiGLU and attention-pooling head, per-head q/k norms without an LM
    # head, Gemma's (1 + w) norms; outputs: CLIP text (causal) and vision, BLIP, a windowed Mistral
    "fresh11": Spec(
        sample=[
            "siglip2_text_numpy_sizes",
            "owlv2_vision_isqrt_grid",
            "blip2_vision_range_span",
            "clap_text_array_sizes",
            "aimv2_vision_csv_row_map_int",
            "qwen3_vl_text_walrus",
            "gemma_import_fallback",
        ],
        outputs=[
            "owlvit_text_min_preset",
            "clipseg_vision_pow_two",
            "blip_vision_accumulate_offsets",
            "mistral_kwdefaults",
        ],
        keeping=("mistral_kwdefaults", "mistral_kwdefaults__slidingWindow"),
    ),
    # one case per new family: MoE with a dense first layer and a shared expert, a Mamba / attention
    # / MoE hybrid, a Mamba-2 hybrid by pattern, two vocabularies, a hierarchical vision encoder,
    # a squeezed audio encoder, a conv-fronted speech encoder-decoder, a gated T5; outputs: a Llama
    # (with the count-keeping RoPE plant), a windowed ViTDet, a fused-k|v Mistral past its window,
    # a BERT with its pooler
    "fresh12": Spec(
        sample=[
            "dots1_gcd_groups",
            "jamba_enumerate_kinds",
            "nemotron_h_pattern_count",
            "fsmt_deque_history",
            "segformer_zip_columns",
            "sew_compress_select",
            "moonshine_takewhile",
            "t5_gated_sum_generator",
        ],
        outputs=[
            "llama_nlargest_width",
            "vitdet_or_fallbacks",
            "mistral_while_doubling",
            "bert_log2_depth",
        ],
        keeping=("llama_nlargest_width", "llama_nlargest_width__ropeTheta"),
    ),
    # one case per new family: a local-attention LongT5, MusicGen's per-codebook tables and
    # heads, DINOv3's ConvNeXt, Mllama's gated cross-attention layers, WavLM's gated relative
    # bias, MiniMax-M2's stacked experts, a Decision Transformer, PVT v2's spatial reduction;
    # outputs: an Emu3 (with the count-keeping RoPE plant), GPT-2 and BERT built from torch's
    # nn.TransformerEncoderLayer; BROS's boxes and a Decision Transformer's trajectories (session
    # 19's label fixes: the ``ids+boxes`` and ``trajectory`` inputs)
    "fresh13": Spec(
        sample=[
            "longt5_base36_tokens",
            "musicgen_run_path",
            "dinov3_convnext_accumulate",
            "mllama_cross_walrus",
            "wavlm_memoryview_cast",
            "minimax_m2_replace",
            "decision_transformer_kernels",
            "pvt_v2_pairwise_widths",
        ],
        outputs=[
            "emu3_match_preset",
            "gpt2_torch_encoder_layer",
            "bert_partition_lines",
            "bros_partial_linear",
            "decision_transformer_kernels",
        ],
        keeping=("gpt2_torch_encoder_layer", "gpt2_torch_encoder_layer__numHeads"),
    ),
    # one case per new family (Qwen2.5-VL text by torch.func stacked layers, Doge, Idefics3 /
    # SmolVLM vision towers, MLCD, BLIP / FLAVA text, ViLT, UniSpeech-SAT, CPM-Ant,
    # BigBird-Pegasus); outputs: a JAX-style Llama tree (with the count-keeping RoPE plant),
    # GPT-2 as 1x1 Conv1d, Qwen2
    "fresh14": Spec(
        sample=[
            "qwen2_5_vl_text_func_scan",
            "doge_context_overrides",
            "idefics3_vision_dedent_block",
            "smolvlm_vision_param_list",
            "mlcd_vision_tag_recursive",
            "blip_text_dataclass_fields",
            "flava_text_product_grid",
            "vilt_fixed_width_record",
            "unispeech_sat_starmap",
            "cpmant_binary_strings",
            "bigbird_pegasus_side_table",
        ],
        outputs=["llama_jax_param_tree", "gpt2_conv1x1", "qwen2_preset_index"],
        keeping=("llama_jax_param_tree", "llama_jax_param_tree__ropeTheta"),
    ),
    # one case per new family (GLM-OCR / GLM-Image / Granite-Docling / Molmo2 text towers, AFMoE,
    # EXAONE-MoE, Solar-Open, Kolibri-1, Qwen3-VL-MoE and GLM-4.5V-MoE text, Qwen2-Audio and
    # Voxtral encoders, AIMv2 text, Janus vision); outputs: Llama by environment defaults (with
    # the count-keeping RoPE plant), Llama with layer-stacked weights, Qwen2, Mistral
    "fresh15": Spec(
        sample=[
            "glm_ocr_text_lit_config",
            "molmo2_text_hubconf",
            "afmoe_block_registry",
            "exaone_moe_paper_args",
            "solar_open_flax_port",
            "kolibri1_nanogpt",
            "qwen3_vl_moe_text_einsum",
            "glm4v_moe_text_bytearray_setattr",
            "glm_image_text_removeprefix",
            "granite_docling_text_dict_update",
            "qwen2_audio_encoder_split_lines",
            "aimv2_text_model_tuple_spec",
            "janus_vision_model_timm_like",
            "voxtral_encoder_stride_slices",
        ],
        outputs=[
            "llama_environ_defaults",
            "llama_stacked_layer_weights",
            "qwen2_fromkeys",
            "mistral_lru_cache_factory",
        ],
        keeping=("llama_environ_defaults", "llama_environ_defaults__ropeTheta"),
    ),
    # one case per new family (HunYuan-VL, PaddleOCR-VL, Granite-4-Vision, Qwen2.5-Omni text
    # towers, Step-3.5, Muse-Glimmer, InstructBLIP-Video vision, TIPSv2 and VideoPrism text
    # encoders, CSM's depth decoder); outputs: Llama (deep-copied layers, with the
    # count-keeping RoPE plant), Mistral, Qwen2 (tied, biases), Qwen3 (q/k norms), Granite-4-Vision
    # text (its multipliers). 24 cases,
    # not 30: the set was written in one 40-minute session (its README)
    "fresh16": Spec(
        sample=[
            "hunyuan_vl_text_toml",
            "paddleocr_vl_text_struct_header",
            "granite4_vision_text_fractions",
            "qwen2_5_omni_text_configparser",
            "step3p5_intenum_sizes",
            "muse_glimmer_text_init_subclass",
            "instructblipvideo_vision_model_param_tree",
            "tipsv2_text_model_shlex_argparse",
            "videoprism_text_model_nested_json",
            "csm_depth_decoder_model_partial_variants",
        ],
        outputs=[
            "llama_deepcopy_prototype",
            "mistral_type_call",
            "qwen2_string_template",
            "qwen3_properties",
            "granite4_vision_text_fractions",
        ],
        keeping=("llama_deepcopy_prototype", "llama_deepcopy_prototype__ropeTheta"),
        min_cases=24,
    ),
    # one case per new family (UltraBERT, Sarvam-MoE, Sarvam-MLA, AXK1, GLM-4-MoE-Lite, MiniMax,
    # JetMoE, Dory, MiniMax-M3-VL text, Gemma-4 unified text); outputs: a nanoGPT Llama (fused
    # projections, with the count-keeping RoPE plant), scan-stacked Mistral (sliding window),
    # Flax-kernel Qwen3, Mixtral (expert list), UltraBERT (bidirectional, two RoPE bases), BERT
    # (registered flat keys), GPT-NeoX (head-major 4-d qkv), ViT (unfold patches). 26 cases,
    # not 30: the set was written in one 35-minute session
    # (its README)
    "fresh17": Spec(
        sample=[
            "ultrabert_lit_from_name",
            "sarvam_moe_key_value_text",
            "sarvam_mla_jax_param_tree",
            "axk1_paper_config_post_init",
            "glm4_moe_lite_fluent_builder",
            "minimax_getattr_dispatch",
            "jetmoe_typeddict_unpack",
            "dory_zip_keys_values",
            "minimax_m3_vl_text_json_namespace",
            "gemma4_unified_text_frozen_slots",
        ],
        outputs=[
            "llama_nanogpt_fused_qkv",
            "mistral_scan_stacked_window",
            "qwen3_flax_kernels_einsum",
            "mixtral_expert_list_router",
            "ultrabert_lit_from_name",
            "bert_register_parameter_table",
            "gpt_neox_head_major_qkv",
            "vit_unfold_patches",
        ],
        keeping=("llama_nanogpt_fused_qkv", "llama_nanogpt_fused_qkv__ropeTheta"),
        min_cases=26,
    ),
    # ten new families (HRM text, Lara-mini, Cosmos-3 edge text, Mistral-Large-4 text, Muse-Spark
    # text, Kimi-Linear, LFM3, T5Gemma, AXK2, Qwen3.5 text), all count-only; outputs: Llama
    # (ChainMap, numeric ModuleDict keys, with the count-keeping RoPE plant), Mixtral (dense einsum
    # over stacked experts), Qwen2 (register_parameter, tied), Mistral (window 16 over 80
    # tokens). 17 cases of 17 architectures, not 30 / 20: the set was written in one 35-minute
    # session (its README)
    "fresh18": Spec(
        sample=[
            "hrm_text_two_level_paper_config",
            "lara_mini_kind_table_stacked_experts",
            "cosmos3_edge_text_make_dataclass",
            "mistral_large4_text_latent_indexer",
            "muse_spark_text_projected_experts",
            "kimi_linear_parameterdict_layers",
            "lfm3_pattern_string_sequential",
            "t5gemma_nested_dict_subclassed_decoder",
            "axk2_gated_norm_closure_factories",
            "qwen3_5_text_cached_property_dims",
        ],
        outputs=[
            "llama_chainmap_numeric_keys",
            "mixtral_dense_einsum_all_experts",
            "qwen2_register_parameter_empty_init",
            "mistral_reduce_composed_blocks",
        ],
        keeping=("llama_chainmap_numeric_keys", "llama_chainmap_numeric_keys__ropeTheta"),
        min_cases=17,
        min_archs=17,
    ),
    # every case output-proven (same weights, same outputs as the HF model): Llama (IntEnum sizes,
    # setattr layers), Qwen2 (configparser INI), Mistral (argparse defaults, window 16 over 80
    # tokens), Mixtral (argsort dispatch over an expert list), Qwen2-MoE (ParameterList experts,
    # gated shared expert), OLMoE (nested dataclasses, einsum over stacked experts), Gemma
    # (os.environ defaults), Phi-3 (fused projections split by properties), Nemotron (decorator
    # registry, partial rotary), StarCoder2 (namedtuple._make, window), Mistral 4 (new: MLA + MoE,
    # complex RoPE, long-context query scaling), ViT (torch's nn.TransformerEncoder), Granite
    # (muP multipliers) and Qwen3 (a pure forward over a flat parameter dict). 14 cases of 14
    # architectures, one new, not 30 / 20 / 10: the set was written in one 35-minute session
    # (its README)
    "fresh19": Spec(
        sample=[
            "mistral4_complex_rope_hubconf",
            "qwen2_moe_parameterlist_shared_gate",
            "nemotron_decorator_registry",
        ],
        outputs=[
            "llama_intenum_setattr_layers",
            "mistral_argparse_defaults_window",
            "mixtral_argsort_dispatch_expert_list",
            "qwen2_moe_parameterlist_shared_gate",
            "olmoe_nested_dataclasses",
            "gemma_environ_defaults",
            "phi3_split_sizes_property",
            "nemotron_decorator_registry",
            "starcoder2_namedtuple_make",
            "mistral4_complex_rope_hubconf",
            "vit_torch_transformer_encoder_layer",
            "qwen2_configparser_ini",
            "granite_multiplier_hubconf_dict",
            "qwen3_functional_params_dict",
        ],
        keeping=(
            "mistral4_complex_rope_hubconf",
            "mistral4_complex_rope_hubconf__numExpertsPerTok",
        ),
        min_cases=14,
        min_archs=14,
        min_plants=80,
        min_new=1,
    ),
    # architecture breadth: eight architectures in no earlier set, one case each, every one
    # output-proven: LUKE and MarkupLM (encoders), Pop2Piano (T5 encoder-decoder), PvT,
    # InternViT and Pixio (vision), wav2vec2-Conformer (audio), CLVP's text encoder. 8 cases /
    # 8 architectures / 8 new, not 30 / 20 / 10: the set was written in one 35-minute session
    # (its README)
    "fresh20": Spec(
        sample=["pvt_frozen_stage_records", "w2v_conformer_fairseq_layer_string"],
        outputs=[
            "luke_nested_dict_entity_tables",
            "pop2piano_flax_kernels",
            "pvt_frozen_stage_records",
            "w2v_conformer_fairseq_layer_string",
            "markuplm_partial_factories_depth_dict",
            "internvit_scan_stacked_layers",
            "clvp_init_subclass_sizes",
            "pixio_namedtuple_replace_preset",
        ],
        keeping=("pop2piano_flax_kernels", "pop2piano_flax_kernels__normEps"),
        min_cases=8,
        min_archs=8,
        min_plants=50,
        min_new=8,
    ),
    # the architectures users re-implement most (Gemma 2, GPT-NeoX, CLIP text and vision, BERT,
    # ConvNeXt, Whisper, Swin, Mixtral, T5), one case each in a style of its own, every one
    # output-proven. 10 cases / 10 architectures / 0 new, not 30 / 20 / 10: the brief asked for the most
    # re-implemented families (all in earlier sets), in one 35-minute session (its README)
    "fresh21": Spec(
        sample=["swin_timm_names_load_hook", "t5_gguf_metadata_keys"],
        outputs=[
            "gemma2_litgpt_derived_config",
            "gpt_neox_add_module_loop",
            "clip_text_yaml_block",
            "bert_megatron_tensor_parallel",
            "convnext_flat_compile_friendly",
            "whisper_mlx_port_shim",
            "swin_timm_names_load_hook",
            "mixtral_name_string_dense_dispatch",
            "t5_gguf_metadata_keys",
            "clip_vision_openclip_head_width",
        ],
        keeping=("gemma2_litgpt_derived_config", "gemma2_litgpt_derived_config__slidingWindow"),
        min_cases=10,
        min_archs=10,
        min_plants=80,
        min_new=0,
    ),
    # the architectures users re-implement most (Qwen3, Phi-3, GPT-NeoX, ViT, ConvNeXt, CLIP
    # text and vision, Gemma 2, Mistral, T5, Whisper), each with its sizes in a source no
    # earlier set used (an RFC 822 header, a base64 JSON blob, threading.local, sys.modules
    # setattr, a checkpoint name, a docstring, an sqlite3 table, a plist, a pickle, a zip member,
    # an HTML table), every one output-proven. 11 cases / 11 architectures / 0 new, not 30 / 20 / 10: the brief asked
    # for the most re-implemented families, in one 35-minute session (its README)
    "fresh22": Spec(
        sample=["gemma2_sqlite_run_table", "vit_sys_modules_setattr", "t5_zipfile_config_member"],
        outputs=[
            "qwen3_email_header_metadata",
            "phi3_base64_json_blob",
            "gpt_neox_threading_local",
            "vit_sys_modules_setattr",
            "convnext_checkpoint_name_rpartition",
            "clip_text_docstring_defaults",
            "gemma2_sqlite_run_table",
            "mistral_plist_xml",
            "clip_vision_pickled_hparams",
            "t5_zipfile_config_member",
            "whisper_html_card_table",
        ],
        keeping=("mistral_plist_xml", "mistral_plist_xml__slidingWindow"),
        min_cases=11,
        min_archs=11,
        min_plants=90,
        min_new=0,
    ),
    # the most re-implemented architectures (Llama, Qwen2, Mistral, Qwen3, Mixtral, Phi-3, GPT-2,
    # BERT, ConvNeXt, CLIP text), each with its sizes in a source no earlier set used (a tar
    # member, gzip bytes, reduce-merged dict layers, a sha256-keyed preset table, a weakref class
    # registry, an lzma repr, an architecture DSL string, fnmatch name patterns, Literal type
    # hints, an ast-parsed signature), every one output-proven. 10 cases / 10 architectures / 0
    # new, not 30 / 20 / 10: the brief asked for the most re-implemented families, in one
    # 35-minute session (its README)
    "fresh23": Spec(
        sample=[
            "llama_tarfile_member",
            "mixtral_weakref_class_registry",
            "bert_fnmatch_name_presets",
        ],
        outputs=[
            "llama_tarfile_member",
            "qwen2_gzip_json_bytes",
            "mistral_reduce_dict_layers",
            "qwen3_sha256_preset_table",
            "mixtral_weakref_class_registry",
            "phi3_lzma_literal_eval",
            "gpt2_arch_dsl_string",
            "bert_fnmatch_name_presets",
            "convnext_literal_type_hints",
            "clip_text_ast_signature_defaults",
        ],
        keeping=(
            "mixtral_weakref_class_registry",
            "mixtral_weakref_class_registry__numExpertsPerTok",
        ),
        min_cases=10,
        min_archs=10,
        min_plants=75,
        min_new=0,
    ),
    # fresh24 (session 27): the least-covered of the most re-implemented families (Swin, Gemma 2,
    # Whisper, T5, GPT-NeoX, ViT, CLIP vision and text, ConvNeXt, Qwen2, Mixtral, BERT), each
    # with its sizes in a source no earlier set used (a match statement, a URL query string,
    # Python tokens, an exec'd config file, UUID fields, rot13 JSON, a Cookie header, a dated
    # changelog, a difflib fuzzy preset, a tensor-parallel ModelArgs at world size 1, shapes
    # inferred from a safetensors header, a click command's parsed argv), every one
    # output-proven. 12 cases / 12 architectures / 0 new, not 30 / 20 / 10: a 40-minute brief
    # (its README)
    "fresh24": Spec(
        sample=[
            "swin_match_variant_name",
            "t5_exec_python_config",
            "qwen2_tensor_parallel_world_one",
        ],
        outputs=[
            "swin_match_variant_name",
            "gemma2_urllib_query_string",
            "whisper_tokenize_dims_text",
            "t5_exec_python_config",
            "gpt_neox_uuid_run_fields",
            "vit_codecs_rot13_json",
            "clip_vision_cookie_header",
            "qwen2_tensor_parallel_world_one",
            "mixtral_safetensors_header_shapes",
            "bert_click_command_argv",
            "convnext_dated_changelog",
            "clip_text_difflib_preset",
        ],
        keeping=("t5_exec_python_config", "t5_exec_python_config__relativeAttentionMaxDistance"),
        needs={"bert_click_command_argv": "click"},
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh25 (session 28): the most re-implemented families again (Phi-3, GPT-2, Llama, Qwen3,
    # Mixtral, Whisper and GPT-NeoX in the plain styles users write: a lit-gpt Config with derived
    # fields, nanoGPT's GPTConfig(**model_args), a pasted config.json through an object_hook, a
    # dataclass filled from HF keys, mistral-src's nested MoeArgs, openai-whisper's
    # ModelDimensions, a merged config.json with repeated keys; Mistral, BERT, Swin, ViT and T5
    # with sizes in string.Formatter field specs, IPv4 octets, minidom elements, re.Scanner tokens
    # and graphlib-ordered rules), every one output-proven. 12 cases / 12 architectures / 0 new:
    # a 40-minute brief (its README)
    "fresh25": Spec(
        sample=[
            "phi3_litgpt_config_derived",
            "mistral_formatter_field_specs",
            "t5_graphlib_size_rules",
        ],
        outputs=[
            "phi3_litgpt_config_derived",
            "gpt2_nanogpt_model_args",
            "llama_config_json_object_hook",
            "qwen3_dataclass_from_hf_keys",
            "mistral_formatter_field_specs",
            "bert_ipaddress_octets",
            "swin_minidom_stage_elements",
            "vit_re_scanner_spec",
            "mixtral_nested_moe_args",
            "whisper_model_dimensions_checkpoint",
            "t5_graphlib_size_rules",
            "gpt_neox_json_repeated_keys",
        ],
        keeping=("mistral_formatter_field_specs", "mistral_formatter_field_specs__slidingWindow"),
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh26 (session 29): the least-covered of the most re-implemented families (Gemma 2, CLIP
    # vision and text, ConvNeXt, Swin, Qwen2, Whisper, T5, Mixtral); six in plain styles (a
    # dataclass read back with asdict, open_clip's JSON vision_cfg, timm's @register_model entry
    # points, the Swin repository's yacs merge_from_list, Meta's ModelArgs(**params), HF's config
    # class copied into the model file), three with sizes in a quoted-printable mail body, a
    # raw_decode stream of JSON documents and bz2 archive members, and three in new model styles
    # (Gemma 2 with parametrize'd norm gains + marshal blobs, Qwen2 through torch.func's
    # functional_call over a flat ParameterDict + torch.save'd hparams, Llama with one flat
    # attention parameter sliced into views + add_module over a spec string); every one
    # output-proven. 12 cases / 10 architectures / 107 plants / 0 new: a 40-minute brief (README)
    "fresh26": Spec(
        sample=[
            "gemma2_dataclass_asdict",
            "swin_yacs_merge_from_list",
            "whisper_json_raw_decode_stream",
            "llama_flat_attention_buffer",
        ],
        outputs=[
            "gemma2_dataclass_asdict",
            "clip_vision_openclip_model_cfg",
            "convnext_timm_register_model",
            "swin_yacs_merge_from_list",
            "qwen2_meta_params_json",
            "clip_text_quopri_mail_body",
            "whisper_json_raw_decode_stream",
            "t5_bz2_archive_members",
            "mixtral_hf_config_class_copy",
            "gemma2_parametrize_norm_marshal",
            "qwen2_functional_call_checkpoint_hparams",
            "llama_flat_attention_buffer",
        ],
        keeping=("mixtral_hf_config_class_copy", "mixtral_hf_config_class_copy__numExpertsPerTok"),
        min_cases=12,
        min_archs=10,
        min_plants=100,
        min_new=0,
    ),
    # fresh27 (session 30): the architectures users re-implement most, written as users write
    # them: eleven plain styles (nanoGPT's configurator.py --key=value overrides into globals(),
    # lit-gpt's Config.from_name presets, Mistral's reference ModelArgs.from_dict over params.json,
    # timm's model_args entry points, HF's BertConfig copied in + from_dict, a frozen T5 dataclass
    # + replace, gpt-fast's transformer_configs + fuzzy from_name, a pasted Qwen2-MoE
    # config.json, Microsoft's original Phi configuration class, fairseq's getattr-default BART
    # architecture, mmdet's ResNet arch_settings) and three new size sources (an xml.sax
    # ContentHandler, heapq priority patches, a zlib-compressed run cache); every one
    # output-proven. 14 cases / 14 architectures / 117 plants / 0 new: a 40-minute brief (README)
    "fresh27": Spec(
        sample=[
            "gpt2_nanogpt_configurator_argv",
            "qwen2_moe_config_json_namespace",
            "phi_original_config_class",
            "roberta_heapq_priority_patches",
            "resnet_mmdet_arch_settings",
        ],
        outputs=[
            "gpt2_nanogpt_configurator_argv",
            "llama_litgpt_config_from_name",
            "mistral_reference_modelargs_from_dict",
            "vit_timm_model_args_entrypoint",
            "bert_hf_config_from_dict",
            "t5_frozen_dataclass_replace",
            "mixtral_gpt_fast_from_name",
            "qwen2_moe_config_json_namespace",
            "phi_original_config_class",
            "gpt_neox_xml_sax_param_handler",
            "roberta_heapq_priority_patches",
            "swin_zlib_run_cache",
            "bart_fairseq_architecture_getattr",
            "resnet_mmdet_arch_settings",
        ],
        keeping=("mixtral_gpt_fast_from_name", "mixtral_gpt_fast_from_name__numExpertsPerTok"),
        min_cases=14,
        min_archs=14,
        min_plants=100,
        min_new=0,
    ),  # fresh28 (session 31): the architectures the manifests held least (ALBERT, DeiT, DistilBERT,
    # Gemma 3, OLMo, StableLM, Cohere, BLOOM, GPT-J, Qwen3-MoE, OLMoE, BART), eight in plain styles
    # no earlier README lists (Lightning's save_hyperparameters, Keras' get_config / from_config, a
    # distillation student from its teacher's config, gemma_pytorch's get_config_for_<variant>,
    # OLMo's dotted command-line overrides, a GPT-NeoX YAML with dashed keys, fire's function
    # defaults, an old HF PRETRAINED_CONFIG_ARCHIVE_MAP + from_pretrained) and four new size
    # sources (Megatron-DeepSpeed's dashed argparse defaults under a shlex launch string,
    # mesh-transformer-jax's params JSON, dataclass inheritance, a decorator registry of named
    # sizes); every one output-proven. 12 cases / 12 architectures / 103 plants / 0 new: a
    # 45-minute brief (README)
    "fresh28": Spec(
        sample=[
            "albert_lightning_save_hyperparameters",
            "stablelm_neox_yaml_dashed_keys",
            "qwen3_moe_dataclass_inheritance",
            "bart_archive_map_from_pretrained",
        ],
        outputs=[
            "albert_lightning_save_hyperparameters",
            "deit_keras_get_config_from_config",
            "distilbert_student_from_teacher_config",
            "gemma3_pytorch_get_config_for_variant",
            "olmo_dotlist_overrides",
            "stablelm_neox_yaml_dashed_keys",
            "cohere_fire_cli_function_defaults",
            "bloom_megatron_deepspeed_launch_args",
            "gptj_mesh_transformer_jax_params",
            "qwen3_moe_dataclass_inheritance",
            "olmoe_named_size_registry",
            "bart_archive_map_from_pretrained",
        ],
        keeping=("olmoe_named_size_registry", "olmoe_named_size_registry__numExpertsPerTok"),
        needs={"stablelm_neox_yaml_dashed_keys": "yaml"},
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),  # ports31 (session 31, reimplfix31): twelve clean ports of the architectures issue #17 lists,
    # written before driftcheck was run on them, each with its sizes in a style no earlier README
    # lists (argparse set_defaults + parse_known_args, a tempfile round trip of params.json, a CSV
    # results row, HfArgumentParser-style flags from dataclass fields, asyncio.gather, width /
    # depth multipliers with make_divisible, pprint echoes in a training log, gpt-neox flow-YAML
    # with comments, a safetensors index's weight_map names, importlib of a config file by path,
    # a contextmanager override of global defaults, gin-style bindings); every one output-proven.
    # 12 cases / 12 architectures / 103 plants / 0 new (README)
    "ports31": Spec(
        sample=[
            "gemma2_argparse_set_defaults_known_args",
            "mixtral_weight_map_index_counts",
            "convnext_width_depth_multipliers",
        ],
        outputs=[
            "gemma2_argparse_set_defaults_known_args",
            "qwen2_tempfile_params_roundtrip",
            "clip_text_results_csv_row",
            "clip_vision_dataclass_fields_argparse",
            "whisper_asyncio_gather_dims",
            "convnext_width_depth_multipliers",
            "swin_pformat_log_echo",
            "gpt_neox_yaml_flow_comments_merge",
            "mixtral_weight_map_index_counts",
            "bert_importlib_config_file",
            "llama_contextmanager_overrides",
            "t5_gin_style_bindings",
        ],
        keeping=(
            "mixtral_weight_map_index_counts",
            "mixtral_weight_map_index_counts__numExpertsPerTok",
        ),
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),  # ports32 (session 32, reimplfix32): nine clean ports (fresh25's output-proven bodies) with
    # their sizes in styles no earlier README lists (redirect_stdout of a printed summary, a
    # NamedTemporaryFile json round trip, os.path.splitext of a checkpoint name, a format_map
    # template, __code__/__defaults__ of an entry point, json object_pairs_hook, a class's
    # __annotations__ over a subclass, mock.patch.dict with a snapshot, a csv DictWriter /
    # DictReader round trip); written and output-proven before driftcheck was run on them.
    # 9 cases / 9 architectures / 83 plants / 0 new (README)
    "ports32": Spec(
        sample=[
            "llama_named_tempfile_json_dump",
            "mixtral_json_object_pairs_hook",
            "swin_csv_dictwriter_roundtrip",
        ],
        outputs=[
            "phi3_redirect_stdout_run_summary",
            "llama_named_tempfile_json_dump",
            "qwen3_checkpoint_filename_splitext",
            "mistral_format_map_template",
            "vit_entrypoint_code_defaults",
            "mixtral_json_object_pairs_hook",
            "whisper_class_annotations_override",
            "t5_mock_patch_dict_snapshot",
            "swin_csv_dictwriter_roundtrip",
        ],
        keeping=(
            "mixtral_json_object_pairs_hook",
            "mixtral_json_object_pairs_hook__numExpertsPerTok",
        ),
        min_cases=9,
        min_archs=9,
        min_plants=80,
        min_new=0,
    ),
    # fresh29 (session 32, reimpl29): twelve thin architectures (ELECTRA, Falcon, OPT, Cohere,
    # Qwen3-MoE, ALBERT, Gemma 3, GPT-J, OLMoE, Qwen2-MoE, DeiT, BLOOM), each a one-file port
    # whose sizes come in a way no earlier README lists (argparse sub-commands, minGPT's
    # get_default_config + model_type table, an own settings class with to_dict / from_json,
    # a constructor walking __annotations__, argparse nargs=3 groups, argparse choices presets,
    # a config file eval'd as a Python expression, a namedtuple with defaults + _replace,
    # deprecated keyword aliases with warnings.warn, a hand-written --key=value sys.argv reader,
    # a sweep command template filled by str.format_map, pyproject.toml's [tool.<name>] table);
    # bodies reused from fresh3-7, every one output-proven. 12 cases / 12 architectures / 122
    # plants / 0 new (README)
    "fresh29": Spec(
        sample=[
            "electra_argparse_subcommands",
            "falcon_mingpt_get_default_config",
            "opt_settings_to_dict_from_json",
            "bloom_pyproject_tool_table",
        ],
        outputs=[
            "electra_argparse_subcommands",
            "falcon_mingpt_get_default_config",
            "opt_settings_to_dict_from_json",
            "cohere_annotations_kwargs_init",
            "qwen3_moe_argparse_nargs_groups",
            "albert_argparse_choices_preset",
            "gemma3_eval_config_expression",
            "gptj_namedtuple_defaults_replace",
            "olmoe_deprecated_kwarg_aliases",
            "qwen2_moe_argv_key_value_overrides",
            "deit_sweep_format_map_command",
            "bloom_pyproject_tool_table",
        ],
        keeping=("opt_settings_to_dict_from_json", "opt_settings_to_dict_from_json__numHeads"),
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh30 (session 33, reimpl30): twelve of the thinnest architectures (Helium, wav2vec 2.0,
    # BioGPT, MPNet, GPT-Neo, Marian, Pegasus, HuBERT, GLM, XGLM, Persimmon, Falcon), each a
    # one-file port whose sizes come in a way no earlier README lists (YAML anchors + merge keys,
    # a JSON-lines run log + next(), a tab-separated sheet split row by row, a model id through a
    # startswith chain, a TOML array of tables, a Lightning checkpoint's hyper_parameters, a
    # multi-document YAML stream, an argparse @arguments file, JSON with comments, a model card's
    # front matter,
    # contextlib.suppress(KeyError) overrides, a StrEnum-keyed table); bodies reused from fresh3
    # and fresh4, every one output-proven. 12 cases / 12 architectures / 114 plants / 0 new
    "fresh30": Spec(
        sample=[
            "biogpt_tsv_sheet_rows",
            "mpnet_model_id_startswith_chain",
            "hubert_argparse_fromfile_args",
            "falcon_strenum_size_table",
        ],
        outputs=[
            "helium_yaml_anchor_merge_keys",
            "wav2vec2_jsonl_run_log_next",
            "biogpt_tsv_sheet_rows",
            "mpnet_model_id_startswith_chain",
            "gptneo_toml_array_of_tables",
            "marian_lightning_ckpt_hyper_parameters",
            "pegasus_yaml_multi_document_stream",
            "hubert_argparse_fromfile_args",
            "glm_jsonc_comments_stripped",
            "xglm_model_card_front_matter",
            "persimmon_suppress_keyerror_overrides",
            "falcon_strenum_size_table",
        ],
        keeping=("gptneo_toml_array_of_tables", "gptneo_toml_array_of_tables__slidingWindow"),
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh31 (session 34, reimpl31): twelve architectures the manifests held once (MPT,
    # GPT-BigCode, Megatron-BERT, GLM-4, SmolLM3, Cohere 2, HunYuan dense, Seed-OSS, mBART,
    # CodeGen, XLM-RoBERTa) and Falcon, each a one-file port whose sizes come in a way no earlier
    # README lists (regex groupdict, csv.Sniffer, hand-rolled @option decorators, a parameter
    # budget, a launch script's exports, a nested plain dict + chain.from_iterable layer kinds,
    # sub-configs sized in __init__, ClassVar constants, os.getenv into a functional Enum, a
    # fairseq Namespace log line, Dockerfile ENV lines, TOML dotted keys); bodies reused from
    # fresh3 and fresh4, every one output-proven. 12 cases / 12 architectures / 113 plants / 0 new
    "fresh31": Spec(
        sample=[
            "bigcode_csv_sniffer_sheet",
            "glm4_layers_from_param_budget",
            "seed_oss_getenv_functional_enum",
            "xlm_roberta_toml_dotted_keys",
        ],
        outputs=[
            "mpt_run_name_groupdict",
            "bigcode_csv_sniffer_sheet",
            "megatron_bert_option_decorators",
            "glm4_layers_from_param_budget",
            "smollm3_launch_script_exports",
            "cohere2_nested_dict_layer_pattern",
            "hunyuan_sub_config_init_only",
            "falcon_classvar_dataclass",
            "seed_oss_getenv_functional_enum",
            "mbart_fairseq_namespace_log",
            "codegen_dockerfile_env_lines",
            "xlm_roberta_toml_dotted_keys",
        ],
        keeping=(
            "cohere2_nested_dict_layer_pattern",
            "cohere2_nested_dict_layer_pattern__slidingWindow",
        ),
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh32 (session 35, reimpl32): twelve architectures the manifests held once (EXAONE 4,
    # Ministral, BitNet, OLMo 3, DBRX, CamemBERT, ERNIE, RemBERT, RoFormer, LayoutLM, ERNIE 4.5,
    # DiffLlama), each a one-file port whose sizes come in a way no earlier README lists (the
    # best sweep run by validation loss, Makefile ?= variables, a printed module repr, a papermill
    # parameters cell, C header #defines, a cmd.Cmd startup script, CMake cache variables,
    # attrs.evolve of the paper's preset, a Kubernetes Job's args, an MLflow run folder's params,
    # an RFC 6902 JSON Patch, a wandb config.yaml); bodies reused from fresh5, every one
    # output-proven. 12 cases / 12 architectures / 127 plants / 0 new
    "fresh32": Spec(
        sample=[
            "bitnet_printed_module_repr",
            "dbrx_c_header_defines",
            "rembert_attrs_evolve_preset",
            "ernie45_json_patch_tree",
        ],
        outputs=[
            "exaone4_best_sweep_run",
            "ministral_makefile_vars",
            "bitnet_printed_module_repr",
            "olmo3_papermill_parameters_cell",
            "dbrx_c_header_defines",
            "camembert_cmd_shell_script",
            "ernie_cmake_cache_vars",
            "rembert_attrs_evolve_preset",
            "roformer_k8s_job_args",
            "layoutlm_mlflow_run_params",
            "ernie45_json_patch_tree",
            "diffllama_wandb_config_yaml",
        ],
        keeping=("dbrx_c_header_defines", "dbrx_c_header_defines__numExpertsPerTok"),
        needs={"rembert_attrs_evolve_preset": "attrs"},
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh33 (session 36, reimpl33): twelve architectures the manifests held once or twice
    # (GPT-1, CTRL, BertGeneration, data2vec-text, RoBERTa-PreLayerNorm, Arcee, Helium, BioGPT,
    # FNet, Granite MoE, XGLM, Persimmon), each with NEW model code (no earlier set's body):
    # fused / split projections, einsum / einops / SDPA attention, complex-number RoPE, a 2-D FFT
    # mixer, dense-compute experts; each output-proven. 12 cases / 12 architectures / 115 plants
    "fresh33": Spec(
        sample=[
            "openai_gpt_argparse_defaults",
            "data2vec_text_nested_yaml_dict",
            "granitemoe_key_value_text",
            "persimmon_ini_string",
        ],
        outputs=[
            "openai_gpt_argparse_defaults",
            "ctrl_module_constants",
            "bert_generation_frozen_dataclass",
            "data2vec_text_nested_yaml_dict",
            "roberta_prelayernorm_json_blob",
            "arcee_env_overrides",
            "helium_preset_table",
            "biogpt_fairseq_namespace_repr",
            "fnet_namedtuple_sizes",
            "granitemoe_key_value_text",
            "xglm_class_attributes",
            "persimmon_ini_string",
        ],
        keeping=("granitemoe_key_value_text", "granitemoe_key_value_text__numExpertsPerTok"),
        needs={"data2vec_text_nested_yaml_dict": "einops"},
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh34 (session 37, reimpl34): twelve architectures the manifests held once or twice and
    # fresh33 did not (Seed-OSS, Hunyuan dense, SmolLM3, VaultGemma, FlexOlmo, Hunyuan MoE, Mamba,
    # Splinter, RemBERT, Megatron-BERT, ImageGPT, GPT-BigCode), each with NEW model code: grouped
    # einsum attention, NoPE layers, soft-capped local/global attention, post-norm routed experts,
    # a shared expert beside routed ones, a sequential selective scan, multi-query attention;
    # each output-proven. 12 cases / 12 architectures / 132 plants
    "fresh34": Spec(
        sample=[
            "seed_oss_dict_merge",
            "hunyuan_moe_pair_list",
            "mamba_csv_rows",
            "megatron_bert_get_args",
        ],
        outputs=[
            "seed_oss_dict_merge",
            "hunyuan_dense_kwargs_class",
            "smollm3_nope_dict_update",
            "vaultgemma_literal_eval",
            "flex_olmo_yaml_text",
            "hunyuan_moe_pair_list",
            "mamba_csv_rows",
            "splinter_dotted_overrides",
            "rembert_intenum_dims",
            "megatron_bert_get_args",
            "imagegpt_variant_string",
            "gpt_bigcode_chainmap",
        ],
        keeping=("hunyuan_moe_pair_list", "hunyuan_moe_pair_list__numExpertsPerTok"),
        needs={"smollm3_nope_dict_update": "einops", "flex_olmo_yaml_text": "yaml"},
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh35 (session 38, reimpl35): twelve architectures the manifests held once or twice and
    # neither fresh33 nor fresh34 used (GLM, ERNIE-4.5, BitNet, Ministral, Granite-MoE-shared,
    # LFM2, nanochat, EuroBERT, ViT-MSN, AST, SigLIP vision, XLM-RoBERTa-XL), each with NEW model
    # code: partial interleaved RoPE, complex-number RoPE with grouped einsum attention, sub-norms
    # before the output projections, SDPA with a sliding-window mask and enable_gqa, dense-compute
    # routed experts beside a shared one, gated short convolutions, QK-norm after the rotation
    # with soft-capped logits, a bidirectional GQA encoder, overlapping spectrogram patches, an
    # attention-pooling head; each output-proven. 12 cases / 12 architectures / 130 plants
    "fresh35": Spec(
        sample=[
            "glm_argparse_namespace",
            "granitemoe_shared_pydantic",
            "lfm2_nested_dict",
            "ast_namedtuple_replace",
        ],
        outputs=[
            "glm_argparse_namespace",
            "ernie45_json_blob",
            "bitnet_dataclass_replace",
            "ministral_env_vars",
            "granitemoe_shared_pydantic",
            "lfm2_nested_dict",
            "nanochat_frozen_dataclass",
            "eurobert_toml_string",
            "vit_msn_module_constants",
            "ast_namedtuple_replace",
            "siglip_vision_zip_lists",
            "xlm_roberta_xl_kv_string",
        ],
        keeping=("bitnet_dataclass_replace", "bitnet_dataclass_replace__ropeTheta"),
        needs={"granitemoe_shared_pydantic": "pydantic"},
        min_cases=12,
        min_archs=12,
        min_plants=100,
        min_new=0,
    ),
    # fresh36 (session 39, reimpl36): fourteen architectures none of fresh33 / fresh34 / fresh35
    # used, each held once or twice by the earlier manifests (InternLM3, GLM-4, OLMo-3,
    # ERNIE-4.5-MoE, dots.llm1, CWM, EXAONE-4, Cohere2, GPT-NeoX-Japanese, I-JEPA, DINOv2,
    # nomic-bert, ViViT, M2M-100), each with NEW model code: grouped einsum attention, sandwich
    # norms with a fused biased qkv, post-norm blocks with full-width QK-norm and a sliding
    # window, dense-computed experts with a selection bias, group-limited sigmoid routing,
    # NoPE global layers, a parallel block with interleaved RoPE and scaled tied logits,
    # per-head interleaved qkv with a last-layer-only bias, LayerScale, a post-LN rotary encoder,
    # tubelet video patches, fairseq sinusoids in an encoder-decoder; each output-proven.
    # 14 cases / 14 architectures / 153 plants
    "fresh36": Spec(
        sample=[
            "ernie45_moe_attrs",
            "dots1_toml_table",
            "gpt_neox_japanese_ini",
            "m2m100_json_settings",
        ],
        outputs=[
            "internlm3_yaml_recipe",
            "glm4_dataclass_fields",
            "olmo3_simplenamespace",
            "ernie45_moe_attrs",
            "dots1_toml_table",
            "cwm_attrdict",
            "exaone4_class_attrs",
            "cohere2_chainmap",
            "gpt_neox_japanese_ini",
            "ijepa_argparse_flags",
            "dinov2_pydantic_model",
            "nomic_bert_kwarg_defaults",
            "vivit_tuple_unpack",
            "m2m100_json_settings",
        ],
        keeping=("exaone4_class_attrs", "exaone4_class_attrs__slidingWindow"),
        needs={
            "internlm3_yaml_recipe": "yaml",
            "ernie45_moe_attrs": "attrs",
            "dinov2_pydantic_model": "pydantic",
        },
        min_cases=14,
        min_archs=14,
        min_plants=100,
        min_new=0,
    ),
    # fresh37 (session 40, reimpl37): fourteen architectures none of fresh34 / fresh35 / fresh36
    # used, each held once or twice by the earlier manifests (EXAONE-3, HyperCLOVA X, Ministral 3,
    # Arcee, GLM-4.5-MoE, Granite-MoE, DBRX, GPT-Neo, VideoMAE, ESM-2, BlenderbotSmall, PLBART,
    # data2vec-text, ConvNeXt V2), each with NEW model code: complex-number RoPE with a fused qkv,
    # muP multipliers with sandwich norms, a llama-4 query temperature with a sliding window,
    # squared-ReLU MLP, group-limited sigmoid routing computed densely, bmm over gathered stacked
    # experts, clipped fused qkv over flat expert banks, unscaled local / global attention, a
    # Conv3d tubelet encoder with q/v-only biases, rotary protein encoder with a contact head,
    # post-LN seq2seq stacks, fairseq position offsets, GRN conv stages; each output-proven.
    # 14 cases / 14 architectures / 145 plants
    "fresh37": Spec(
        sample=[
            "glm4moe_nested_asdict",
            "dbrx_nested_kwargs_dict",
            "esm_partial_kwargs",
            "convnextv2_stage_rows",
        ],
        outputs=[
            "exaone_environ_knobs",
            "hyperclovax_namedtuple",
            "ministral3_shlex_argv",
            "arcee_mappingproxy",
            "glm4moe_nested_asdict",
            "granitemoe_enum_sizes",
            "dbrx_nested_kwargs_dict",
            "gpt_neo_make_dataclass",
            "videomae_ast_literal",
            "esm_partial_kwargs",
            "blenderbot_small_typeddict",
            "plbart_dict_union",
            "data2vec_text_xml_sizes",
            "convnextv2_stage_rows",
        ],
        keeping=("gpt_neo_make_dataclass", "gpt_neo_make_dataclass__windowSize"),
        min_cases=14,
        min_archs=14,
        min_plants=100,
        min_new=0,
    ),
}
ORDER = ["", "fresh", "fresh2", "fresh3", "fresh4", *SPECS]


@cache
def _set(name: str):
    make = importlib.import_module(f"benchmarks.reimpl.{name}.make")
    corpus = Path(make.__file__).resolve().parent
    return make, corpus, json.loads((corpus / "manifest.json").read_text())


def _samples(attr: str) -> list[tuple[str, str]]:
    return [(s, case) for s, spec in SPECS.items() for case in getattr(spec, attr)]


@pytest.mark.parametrize("name", SPECS)
def test_size(name):
    make, _, manifest = _set(name)
    spec = SPECS[name]
    set_checks.set_size(
        make,
        manifest,
        spec.sample,
        spec.outputs,
        min_cases=spec.min_cases,
        min_archs=spec.min_archs,
        min_plants=spec.min_plants,
    )
    assert set(spec.outputs) <= set(make.SAME_OUTPUT)
    if spec.io_cases:
        assert set(make.SAME_OUTPUT_IO) <= set(make.SAME_OUTPUT)


@pytest.mark.parametrize("name", SPECS)
def test_at_least_ten_architectures_in_no_earlier_set(name):
    _, corpus, manifest = _set(name)
    new = set_checks.new_architectures(corpus, manifest, tuple(ORDER[: ORDER.index(name)]))
    assert len(new) >= SPECS[name].min_new, new


@pytest.mark.parametrize("name", SPECS)
def test_model_files_import_neither_transformers_nor_driftcheck(name):
    _, corpus, manifest = _set(name)
    set_checks.model_files_are_plain_torch(corpus, manifest)


@pytest.mark.parametrize(("name", "case"), _samples("sample"))
def test_clean_case_has_the_hf_parameter_count(name, case):
    if case in SPECS[name].needs:
        pytest.importorskip(SPECS[name].needs[case])
    _, corpus, manifest = _set(name)
    c = next(c for c in manifest["cases"] if c["name"] == case)
    assert code_params(corpus / c["code"]) == hf_params(corpus / c["config"])


@pytest.mark.parametrize("name", SPECS)
def test_shipped_configs_are_written_by_transformers(name):
    make, corpus, manifest = _set(name)
    set_checks.configs_written_by_transformers(make, corpus, manifest)


@pytest.mark.parametrize("name", SPECS)
def test_code_plants_replace_the_recorded_line(name):
    make, corpus, manifest = _set(name)
    set_checks.code_plants_replace_the_recorded_line(make, corpus, manifest)


@pytest.mark.parametrize("name", SPECS)
def test_config_plants_change_one_key(name):
    _, corpus, manifest = _set(name)
    set_checks.config_plants_change_one_key(corpus, manifest)


@pytest.mark.parametrize(("name", "case"), _samples("outputs"))
def test_same_weights_give_the_same_outputs(name, case):
    # 80 tokens: past every set's sliding windows (16 to 24), Ministral 3's query-scaling span
    # (32) and beyond UMT5's exact buckets
    assert _set(name)[0].same_output(case, seq=80) <= 1e-5


@pytest.mark.parametrize("name", SPECS)
def test_a_plant_that_keeps_the_shapes_changes_the_outputs(name):
    make, corpus, _ = _set(name)
    case, plant = SPECS[name].keeping
    base = corpus / "cases" / f"{case}.py"
    code = corpus / "planted" / f"{plant}.py"
    assert code_params(code) == code_params(base)
    assert make.same_output(case, seq=80, code=code) > 1e-4


# fresh15's MoE towers omit RoPE (the set's caveat), so their top-k routing and sliding windows
# (session 20, reimplfix20) are proven one decoder layer (or MoE block) at a time against HF's
# with the same weights and the identity rotation (``make.SAME_LAYER``)
@pytest.mark.parametrize("case", list(_set("fresh15")[0].SAME_LAYER))
def test_fresh15_moe_and_window_layers_equal_hf(case):
    make = _set("fresh15")[0]
    assert make.same_layer(case) <= 1e-4
    if make.SAME_LAYER[case][3]:  # a windowed case: a window of 16 binds over 40 tokens
        assert make.same_layer(case, window=16) <= 1e-4


def test_fresh15_layer_check_can_fail(tmp_path):
    make, corpus, _ = _set("fresh15")
    # every expert weighted (top-k = the expert count) is not Qwen3-VL-MoE's top-2 routing
    name = "qwen3_vl_moe_text_einsum"
    text = (corpus / "cases" / f"{name}.py").read_text()
    assert '"num_experts_per_tok": 2,' in text
    code = tmp_path / f"{name}.py"
    code.write_text(text.replace('"num_experts_per_tok": 2,', '"num_experts_per_tok": 4,'))
    assert make.same_layer(name, code=code) > 1e-4
    # the case's window left at 4096 where the config's is 16
    assert make.same_layer("exaone_moe_paper_args", window=16, case_window=4096) > 1e-4
    assert make.same_layer("kolibri1_nanogpt", window=16, case_window=513) > 1e-4
    assert make.same_window_logits("mistral_lru_cache_factory", case_window=4096) > 1e-4
    assert make.same_window_logits("mistral_lru_cache_factory") <= 1e-5


def test_fresh22_config_plants_are_visible_to_torch():
    """fresh22's config plants each change a state-dict shape of the planted HF model (fresh21
    had one, ConvNeXt's ``image_size``, that the HF model never reads)."""
    make, _, _ = _set("fresh22")
    assert make.config_plants_visible() == []


def test_fresh22_visibility_check_can_fail():
    make, _, _ = _set("fresh22")
    clean = make.hf_shapes(make.build_config("convnext_checkpoint_name_rpartition"))
    unread = make.build_config("convnext_checkpoint_name_rpartition", {"image_size": 64})
    assert make.hf_shapes(unread) == clean


def test_fresh23_config_plants_are_visible_to_torch():
    """fresh23's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("fresh23")
    assert make.config_plants_visible() == []


def test_fresh23_visibility_check_can_fail():
    """A key the HF model never reads (GPT-2's ``summary_type``, a head it does not build)
    changes no state-dict shape: the visibility check would flag it."""
    make, _, _ = _set("fresh23")
    clean = make.hf_shapes(make.build_config("gpt2_arch_dsl_string"))
    unread = make.build_config("gpt2_arch_dsl_string", {"summary_type": "mean"})
    assert make.hf_shapes(unread) == clean


def test_fresh23_recorded_values_are_what_python_computes():
    """Each fresh23 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set("fresh23")
    assert make.recorded_values_match() == []


def test_fresh23_value_check_can_fail(tmp_path):
    """``typing.Literal`` drops repeated values: ``depths: Literal[2, 2]`` computes ``[2]``, not
    the ``[2, 2]`` a plant would record."""
    make, corpus, _ = _set("fresh23")
    src = (corpus / "cases" / "convnext_literal_type_hints.py").read_text()
    variant = tmp_path / "convnext_literal_type_hints.py"
    variant.write_text(src.replace("depths: Literal[1, 2]", "depths: Literal[2, 2]"))
    assert make.computed(variant, "convnext_literal_type_hints", "depths") == [2]


def test_fresh24_config_plants_are_visible_to_torch():
    """fresh24's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("fresh24")
    assert make.config_plants_visible() == []


def test_fresh24_visibility_check_can_fail():
    """A key the HF model never reads (ConvNeXt's ``image_size``) changes no state-dict shape:
    the visibility check would flag it."""
    make, _, _ = _set("fresh24")
    clean = make.hf_shapes(make.build_config("convnext_dated_changelog"))
    unread = make.build_config("convnext_dated_changelog", {"image_size": 64})
    assert make.hf_shapes(unread) == clean


def test_fresh24_recorded_values_are_what_python_computes():
    """Each fresh24 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set("fresh24")
    assert make.recorded_values_match() == []


def test_fresh24_value_check_can_fail(tmp_path):
    """T5's exec'd config file assigns the base model's sizes first and the tiny run's after
    them: without the tiny ``vocab`` line the module computes the base's 32128, not 96."""
    make, corpus, _ = _set("fresh24")
    src = (corpus / "cases" / "t5_exec_python_config.py").read_text()
    variant = tmp_path / "t5_exec_python_config.py"
    variant.write_text(src.replace("vocab = 96\n", ""))
    assert make.computed(variant, "t5_exec_python_config", "vocabSize") == 32128


def test_fresh25_config_plants_are_visible_to_torch():
    """fresh25's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("fresh25")
    assert make.config_plants_visible() == []


def test_fresh25_recorded_values_are_what_python_computes():
    """Each fresh25 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set("fresh25")
    assert make.recorded_values_match() == []


def test_fresh25_value_check_can_fail(tmp_path):
    """GPT-NeoX's merged config.json repeats keys and json keeps the last: without the run's
    ``"vocab_size": 96`` line the module computes Pythia-410M's 50304, not 96."""
    make, corpus, _ = _set("fresh25")
    src = (corpus / "cases" / "gpt_neox_json_repeated_keys.py").read_text()
    variant = tmp_path / "gpt_neox_json_repeated_keys.py"
    variant.write_text(src.replace('  "vocab_size": 96,\n', ""))
    assert make.computed(variant, "gpt_neox_json_repeated_keys", "vocabSize") == 50304


def test_fresh25_scanner_value_check_can_fail(tmp_path):
    """re.Scanner pairs a key with the number glued after it: ``depth2`` split as ``depth 2``
    no longer scans as a key (a bare word), so the depth is missing."""
    make, corpus, _ = _set("fresh25")
    src = (corpus / "cases" / "vit_re_scanner_spec.py").read_text()
    variant = tmp_path / "vit_re_scanner_spec.py"
    variant.write_text(src.replace("depth2\n", "depth 2\n"))
    with pytest.raises(KeyError):
        make.computed(variant, "vit_re_scanner_spec", "numLayers")


def test_fresh26_config_plants_are_visible_to_torch():
    """fresh26's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("fresh26")
    assert make.config_plants_visible() == []


def test_fresh26_recorded_values_are_what_python_computes():
    """Each fresh26 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set("fresh26")
    assert make.recorded_values_match() == []


def test_fresh26_value_check_can_fail(tmp_path):
    """Whisper's dims are a stream of JSON documents, later ones updating earlier ones: without
    the tiny document's ``"n_vocab": 96`` line the module computes large-v3's 51866."""
    make, corpus, _ = _set("fresh26")
    src = (corpus / "cases" / "whisper_json_raw_decode_stream.py").read_text()
    variant = tmp_path / "whisper_json_raw_decode_stream.py"
    variant.write_text(src.replace('  "n_vocab": 96,\n', ""))
    assert make.computed(variant, "whisper_json_raw_decode_stream", "vocabSize") == 51866


def test_fresh26_quopri_value_check_can_fail(tmp_path):
    """The CLIP text sizes are quoted-printable: ``=3D`` decodes to ``=``; a line written
    ``vocab:99`` (no encoded ``=``) is not a size, so the vocabulary is missing."""
    make, corpus, _ = _set("fresh26")
    src = (corpus / "cases" / "clip_text_quopri_mail_body.py").read_text()
    variant = tmp_path / "clip_text_quopri_mail_body.py"
    variant.write_text(src.replace("vocab=3D99\n", "vocab:99\n"))
    with pytest.raises(KeyError):
        make.computed(variant, "clip_text_quopri_mail_body", "vocabSize")


def test_fresh27_config_plants_are_visible_to_torch():
    """fresh27's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("fresh27")
    assert make.config_plants_visible() == []


def test_fresh27_recorded_values_are_what_python_computes():
    """Each fresh27 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set("fresh27")
    assert make.recorded_values_match() == []


def test_fresh27_heapq_value_check_can_fail(tmp_path):
    """RoBERTa's patches are applied in heap (priority) order, not in the order written: a run
    patch given a priority below the preset's is overwritten by RoBERTa-base's 50265."""
    make, corpus, _ = _set("fresh27")
    src = (corpus / "cases" / "roberta_heapq_priority_patches.py").read_text()
    variant = tmp_path / "roberta_heapq_priority_patches.py"
    variant.write_text(src.replace('    (2, "vocab", 96),\n', '    (-1, "vocab", 96),\n'))
    assert make.computed(variant, "roberta_heapq_priority_patches", "vocabSize") == 50265


def test_fresh27_sax_value_check_can_fail(tmp_path):
    """GPT-NeoX's model card: a later ``<param>`` replaces an earlier one; without the override
    block's vocabulary line the module computes Pythia-410M's 50304."""
    make, corpus, _ = _set("fresh27")
    src = (corpus / "cases" / "gpt_neox_xml_sax_param_handler.py").read_text()
    variant = tmp_path / "gpt_neox_xml_sax_param_handler.py"
    variant.write_text(src.replace('    <param name="vocab_size" type="int">96</param>\n', ""))
    assert make.computed(variant, "gpt_neox_xml_sax_param_handler", "vocabSize") == 50304


def test_fresh28_config_plants_are_visible_to_torch():
    """fresh28's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("fresh28")
    assert make.config_plants_visible() == []


def test_fresh28_recorded_values_are_what_python_computes():
    """Each fresh28 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    pytest.importorskip("yaml")
    make, _, _ = _set("fresh28")
    assert make.recorded_values_match() == []


def _fresh28_variant(tmp_path, case: str, old: str, new: str) -> Path:
    _, corpus, _ = _set("fresh28")
    src = (corpus / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh28_inheritance_value_check_can_fail(tmp_path):
    """Qwen3-MoE's run class redeclares the fields it changes; without its ``vocab`` line the
    field keeps the base class's (Qwen3-30B-A3B's) 151936."""
    make, _, _ = _set("fresh28")
    case = "qwen3_moe_dataclass_inheritance"
    variant = _fresh28_variant(tmp_path, case, "    vocab: int = 512\n", "")
    assert make.computed(variant, case, "vocabSize") == 151936


def test_fresh28_student_value_check_can_fail(tmp_path):
    """DistilBERT's student keeps half the teacher's layers: without the halving line the module
    computes the teacher's 6."""
    make, _, _ = _set("fresh28")
    case = "distilbert_student_from_teacher_config"
    variant = _fresh28_variant(
        tmp_path, case, 'student["n_layers"] = TEACHER["n_layers"] // 2\n', ""
    )
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh28_yaml_value_check_can_fail(tmp_path):
    """PyYAML (YAML 1.1) reads ``1e-5`` without a dot as a string: the value check (value and type)
    sees the difference from the ``1.0e-5`` the case writes."""
    pytest.importorskip("yaml")
    make, _, _ = _set("fresh28")
    case = "stablelm_neox_yaml_dashed_keys"
    variant = _fresh28_variant(
        tmp_path, case, '  "layernorm-epsilon": 1.0e-5,\n', '  "layernorm-epsilon": 1e-5,\n'
    )
    assert make.computed(variant, case, "normEps") == "1e-5"


def test_fresh28_dotlist_value_check_can_fail(tmp_path):
    """OLMo's overrides replace the base config's values: without ``--model.n_layers=2`` the
    module computes OLMo-1B's 16."""
    make, _, _ = _set("fresh28")
    case = "olmo_dotlist_overrides"
    variant = _fresh28_variant(tmp_path, case, '    "--model.n_layers=2",\n', "")
    assert make.computed(variant, case, "numLayers") == 16


def test_fresh28_bart_zero_difference_can_fail(tmp_path):
    """BART's same-weights difference is 0 and it has no shape-keeping plant: the case with the
    LayerNorms built as ``nn.LayerNorm(d)`` given eps 0.1 (not 1e-5) differs above the limit."""
    make, _, _ = _set("fresh28")
    case = "bart_archive_map_from_pretrained"
    _, corpus, _ = _set("fresh28")
    src = (corpus / "cases" / f"{case}.py").read_text()
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace("nn.LayerNorm(d)", "nn.LayerNorm(d, eps=0.1)"))
    assert variant.read_text() != src
    assert make.same_output(case, seq=80, code=variant) > 1e-4


def test_ports31_config_plants_are_visible_to_torch():
    """ports31's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set("ports31")
    assert make.config_plants_visible() == []


def test_ports31_recorded_values_are_what_python_computes():
    """Each ports31 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set("ports31")
    assert make.recorded_values_match() == []


def test_ports31_known_args_value_check_can_fail(tmp_path):
    """Gemma 2's flags: ``parse_known_args`` leaves a flag the parser does not define unread, so a
    run flag written ``--n_layers=2`` leaves the 2B preset's 26 layers (``set_defaults``)."""
    make, corpus, _ = _set("ports31")
    name = "gemma2_argparse_set_defaults_known_args"
    src = (corpus / "cases" / f"{name}.py").read_text()
    variant = tmp_path / f"{name}.py"
    variant.write_text(src.replace('"--layers=2",', '"--n_layers=2",'))
    assert make.computed(variant, name, "numLayers") == 26


def test_ports31_weight_map_value_check_can_fail(tmp_path):
    """Mixtral's layer count is one more than the highest ``layers.<i>.`` in the index's tensor
    names: with every ``layers.1.`` name renamed ``layers.5.`` the module computes 6 layers."""
    make, corpus, _ = _set("ports31")
    name = "mixtral_weight_map_index_counts"
    src = (corpus / "cases" / f"{name}.py").read_text()
    variant = tmp_path / f"{name}.py"
    variant.write_text(src.replace('"layers.1.', '"layers.5.'))
    assert make.computed(variant, name, "numLayers") == 6
