"""The crash study's seventh fresh batch (``benchmarks/crash/templates_fresh7.py``, split ``fresh7``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh7`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 18): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, case files that are what the
templates render, no label that torch contradicts, and, for a sample of cases on both sides (new
classes and clean traps included), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f7_llava_merge_scatter__more_tokens": "RuntimeError",  # 20 image tokens, 16 features
    "f7_llava_merge_scatter__ok_fewer_tokens": None,  # fewer tokens than features runs
    "f7_cyclegan_instnorm_encoder__h16_down4": "ValueError",  # InstanceNorm2d on 1x1
    "f7_cyclegan_instnorm_encoder__ok_running": None,  # the same 1x1 with running stats
    "f7_bert_where_mask__float_mask": "RuntimeError",  # torch.where(float mask, ...)
    "f7_nanogpt_loss__btv_logits": "RuntimeError",  # cross_entropy on (B, T, V)
    "f7_nanogpt_loss__ok_t_eq_v": None,  # the same call runs when T == V
    "f7_pad_to_max_encoder__t20": "RuntimeError",  # torch.zeros(B, max_len - T, D), T > max
    "f7_chunked_audio_split__t3": "RuntimeError",  # split(T // n) with T < n
    "f7_token_subsample_arange__t7_k8": "RuntimeError",  # arange step T // k == 0
    "f7_moe_load_bincount__top1_2d": "RuntimeError",  # bincount of (N, 1) indices
    "f7_vq_code_sampler__too_many": "RuntimeError",  # multinomial n > categories
    "f7_kdiffusion_sigma_index__batched_table_b1": "RuntimeError",  # searchsorted (1, n) table
    "f7_seq2seq_nn_transformer__seq_first": "RuntimeError",  # batch-first into seq-first
    "f7_seq2seq_nn_transformer__ok_same_len": None,  # the same runs when S == T
    "f7_gnn_scatter_messages__ok_narrow_index": None,  # an index narrower than src runs
    "f7_centered_positions__floor_div": "RuntimeError",  # mean() of a long arange
    "f7_clip_cosine_logits__ok_txt1": None,  # a width of 1 broadcasts
    "f7_gpt_sdpa_padmask__ok_mask_and_causal": None,  # attn_mask with is_causal runs on CPU
    "f7_utterance_length_pool__total_length": "TypeError",  # iteration over a 0-d tensor
    "f7_lazy_attn_pool__w30": "AssertionError",  # MHA built in forward, 30 % 4
    "f7_convnext_ln_channels__ok_w_eq_c": None,  # LayerNorm(C) on (B, C, H, W) with W == C
    "f7_stft_frontend__no_return_complex": "RuntimeError",  # stft without return_complex
    "f7_sparse_gcn_adjacency__ok_config_fits": None,  # the config's node count fits the graph
}

globals().update(
    cb.batch_tests(
        "fresh7",
        "templates_fresh7",
        "f7_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 18: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh7", 25)
