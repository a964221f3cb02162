"""The crash study's thirteenth fresh batch (``benchmarks/crash/templates_fresh13.py``, split
``fresh13``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh13`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 21): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, case files that are what the
templates render, no label that torch contradicts, and, for a sample of cases on both sides (new
classes and clean traps included), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f13_gcn_radius_graph__bool_adj": "RuntimeError",  # bool adjacency @ float features
    "f13_gcn_radius_graph__ok_to_dtype": None,
    "f13_seg_label_feedback__long_nearest": "NotImplementedError",  # resize of a long label map
    "f13_seg_label_feedback__ok_repeat": None,
    "f13_half_causal_attention__minus_1e9": "RuntimeError",  # -1e9 into a half tensor
    "f13_half_causal_attention__ok_finfo": None,
    "f13_lowprec_key_bias__ok_bf16": None,  # bfloat16 holds -1e9
    "f13_lowprec_key_bias__fp16_70k": "RuntimeError",
    "f13_wave_frame_gru__win_480": "RuntimeError",  # Tensor.unfold window past the length
    "f13_wave_frame_gru__ok_whole": None,  # window == length: one frame
    "f13_local_window_attn1d__no_pad": "RuntimeError",
    "f13_vae_convT_decoder__op_eq_stride": "RuntimeError",  # output_padding == stride
    "f13_vae_convT_decoder__ok_s3": None,
    "f13_lstm_seq2seq_state__gru_tuple": "AttributeError",  # (h, c) into a GRU
    "f13_lstm_seq2seq_state__lstm_h_only": "IndexError",  # h alone into an LSTM
    "f13_lstm_seq2seq_state__ok_gru_h": None,
    "f13_cell_decoder_loop__lstm_tensor": "TypeError",
    "f13_multihot_recommender__ones_like": "RuntimeError",  # scatter_ of long into float
    "f13_voxel_point_pool__ok_like_float": None,
    "f13_diffusion_time_film__math_exp": "ValueError",  # math.exp of a vector
    "f13_diffusion_time_film__ok_pow": None,
    "f13_tiny_nerf_mlp__math_sin": "ValueError",
    "f13_head_reshaper_size__size_slice_assign": "TypeError",  # torch.Size item assignment
    "f13_audio_subpixel_sr__ok_list": None,
    "f13_tied_lm_head__linear_module": "TypeError",  # F.linear(h, self.emb)
    "f13_se_gate_classifier__at_modules": "TypeError",
    "f13_bow_topic_attention__long_softmax": "NotImplementedError",
    "f13_recency_session_gru__ok_linspace": None,
    "f13_mel_cnn_classifier__ok_swapped_pool": None,  # same product, no crash
    "f13_video_clip_c3d__ok_hw_swapped": None,  # square frames: the swap is silent
    "f13_diag_ssm_fftconv__ok_long_kernel": None,
    "f13_detr_query_decoder__seq_first_layer": "RuntimeError",
    "f13_expert_choice_moe__cf_5": "RuntimeError",
    "f13_einops_patch_autoenc__grid_h_pixels": "EinopsError",
    "f13_gpt_rope_sdpa__ok_h3_fixed": None,
    "f13_mha_query_pool__tuple": "AttributeError",
}

globals().update(
    cb.batch_tests(
        "fresh13",
        "templates_fresh13",
        "f13_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 21: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh13", 25)
